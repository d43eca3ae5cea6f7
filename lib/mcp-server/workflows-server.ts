/**
 * Switchboard as an MCP server (/api/mcp/workflows): every workflow marked "Expose over MCP" is a
 * tool (input schema from its Entry; a call runs it and answers with its output, sending progress
 * notifications as its nodes finish), plus `list_workflows`, `run_workflow` (optionally without
 * waiting) and `get_run`, and resources `workflow://{id}` and `run://{id}`. Built per request for
 * the caller: viewers may list and read, running needs an editor, and a key limited to some
 * workflows sees only those; reaching another is refused naming it (an error result from a tool,
 * a JSON-RPC error from resources/read). Stateless, so any number of web processes serve it
 * behind a plain load balancer.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  ErrorCode,
  McpError,
  type CallToolResult,
  type ServerNotification,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Principal } from "../auth/principal";
import { hasRole } from "../auth/roles";
import { mayUseWorkflow, outsideScopeMessage, withinScope } from "../auth/workflow-scope";
import { errorResult } from "../gateway/error-result";
import { TERMINAL_EVENT_TYPES, type RunEvent } from "../runs/events";
import { watchRunEvents } from "../runs/live-events";
import { getRunStatus } from "../runs/read-run";
import { startRun, startRunProblem } from "../runs/start-run";
import { waitForRunEnd } from "../runs/wait-for-run-end";
import { getWorkflow, listWorkflows } from "../workflow-store/repository";
import { exposedWorkflow, listExposedWorkflows, type ExposedWorkflow } from "./exposed-workflows";
import { sharedSchemaValidator } from "../mcp/schema-validator";

const WAIT_SECONDS = Number(process.env.SWITCHBOARD_MCP_WAIT_SECONDS ?? 300);

const FIXED_TOOLS = [
  {
    name: "list_workflows",
    description: "Lists the workflows on this Switchboard: id, name, and whether each is exposed as a tool.",
    inputSchema: { type: "object" as const, properties: {} },
  },
  {
    name: "run_workflow",
    description:
      "Runs a workflow by id with an input. Waits for its output unless wait is false, then answers with the run id " +
      "(see get_run).",
    inputSchema: {
      type: "object" as const,
      properties: {
        workflowId: { type: "string" },
        input: { description: "The run's input (text or JSON)" },
        wait: { type: "boolean", default: true },
      },
      required: ["workflowId"],
    },
  },
  {
    name: "get_run",
    description: "A run's status, output and error.",
    inputSchema: { type: "object" as const, properties: { runId: { type: "string" } }, required: ["runId"] },
  },
];

const RunWorkflowArgs = z.object({
  workflowId: z.string().min(1),
  input: z.unknown().optional(),
  wait: z.boolean().default(true),
});
const GetRunArgs = z.object({ runId: z.string().min(1) });

type Notify = (notification: ServerNotification) => Promise<void>;

function answer(value: unknown, isError = false): CallToolResult {
  const structured =
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  return {
    content: [{ type: "text", text: typeof value === "string" ? value : JSON.stringify(value, null, 2) }],
    ...(structured ? { structuredContent: structured } : {}),
    isError,
  };
}

/** What a workflow:// or run:// address holds, and the workflow it belongs to; null when nothing is there. */
async function readResource(uri: string): Promise<{ workflowId: string; body: unknown } | null> {
  const [, scheme, id] = /^(workflow|run):\/\/(.+)$/.exec(uri) ?? [];
  if (scheme === "workflow") {
    const workflow = await getWorkflow(id);
    return (
      workflow && {
        workflowId: workflow.id,
        body: {
          id: workflow.id,
          name: workflow.name,
          exposedAs: exposedWorkflow(workflow.id, workflow.name, workflow.graph)?.toolName ?? null,
          graph: workflow.graph,
        },
      }
    );
  }
  if (scheme === "run") {
    const run = await getRunStatus(id);
    return (
      run && {
        workflowId: run.workflowId,
        body: { runId: run.id, workflowId: run.workflowId, status: run.status, output: run.output, error: run.error },
      }
    );
  }
  return null;
}

/** Why the caller's key may not use this workflow, naming it. */
async function outsideScope(workflowId: string): Promise<string> {
  return outsideScopeMessage({ id: workflowId, name: (await getWorkflow(workflowId))?.name });
}

/** Starts the run, then waits for it, telling the client about each finished node when it asked for progress. */
async function runAndWait(
  workflowId: string,
  input: unknown,
  progressToken: string | number | undefined,
  notify: Notify,
): Promise<CallToolResult> {
  const started = await startRun(workflowId, input, { kind: "mcp" });
  if (!started.ok) return errorResult(startRunProblem(started));
  let progress = 0;
  const unwatch =
    progressToken === undefined
      ? () => undefined
      : await watchRunEvents(started.runId, (events: RunEvent[]) => {
          for (const event of events) {
            if (event.type !== "node.completed" && !TERMINAL_EVENT_TYPES.has(event.type)) continue;
            progress++;
            const message =
              event.type === "node.completed" ? `${event.payload.nodeId} done` : event.type.replace("run.", "run ");
            void notify({ method: "notifications/progress", params: { progressToken, progress, message } }).catch(
              () => undefined,
            );
          }
        });
  try {
    const run = await waitForRunEnd(started.runId, WAIT_SECONDS * 1000);
    if (!run || run.status === "queued" || run.status === "running")
      return answer({
        runId: started.runId,
        status: run?.status ?? "queued",
        note: `Still running after ${WAIT_SECONDS} s: ask get_run`,
      });
    if (run.status !== "completed") return answer({ runId: started.runId, status: run.status, error: run.error }, true);
    return answer(run.output ?? null);
  } finally {
    unwatch();
  }
}

export function buildWorkflowsServer(principal: Principal): Server {
  const server = new Server(
    { name: "switchboard-workflows", version: "0.1.0" },
    { capabilities: { tools: { listChanged: false }, resources: {} }, jsonSchemaValidator: sharedSchemaValidator() },
  );
  const mayRun = hasRole(principal.role, "editor");

  const exposedToCaller = async () =>
    withinScope(principal, await listExposedWorkflows(), (workflow) => workflow.workflowId);

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const exposed = await exposedToCaller();
    return {
      tools: [
        ...exposed.map((workflow) => ({
          name: workflow.toolName,
          description: workflow.description,
          inputSchema: { type: "object" as const, ...workflow.inputSchema },
        })),
        ...FIXED_TOOLS,
      ],
    };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args = {} } = request.params;
    const progressToken = request.params._meta?.progressToken;
    const notify: Notify = (notification) => extra.sendNotification(notification);
    if (name === "list_workflows") {
      const [all, exposed] = await Promise.all([listWorkflows(), exposedToCaller()]);
      const tools = new Map(exposed.map((workflow) => [workflow.workflowId, workflow.toolName]));
      return answer({
        workflows: withinScope(principal, all, (workflow) => workflow.id).map(({ id, name: workflowName }) => ({
          id,
          name: workflowName,
          exposedAs: tools.get(id) ?? null,
        })),
      });
    }
    if (name === "get_run") {
      const parsed = GetRunArgs.safeParse(args);
      if (!parsed.success) return errorResult("runId: give the id of a run");
      const run = await getRunStatus(parsed.data.runId);
      if (run && !mayUseWorkflow(principal, run.workflowId)) return errorResult(await outsideScope(run.workflowId));
      return run
        ? answer({
            runId: run.id,
            workflowId: run.workflowId,
            status: run.status,
            output: run.output,
            error: run.error,
          })
        : errorResult(`Run ${parsed.data.runId} does not exist`);
    }
    if (!mayRun) return errorResult(`Running workflows needs the editor role; this key belongs to a ${principal.role}`);
    if (name === "run_workflow") {
      const parsed = RunWorkflowArgs.safeParse(args);
      if (!parsed.success)
        return errorResult(`${parsed.error.issues[0].path.join(".")}: ${parsed.error.issues[0].message}`);
      if (!mayUseWorkflow(principal, parsed.data.workflowId))
        return errorResult(await outsideScope(parsed.data.workflowId));
      if (parsed.data.wait) return runAndWait(parsed.data.workflowId, parsed.data.input, progressToken, notify);
      const started = await startRun(parsed.data.workflowId, parsed.data.input, { kind: "mcp" });
      if (!started.ok) return errorResult(startRunProblem(started));
      return answer({ runId: started.runId, status: "queued" });
    }
    // Two workflows may share a tool name: the caller's own comes first, another is there only to be refused by name.
    const named = (await listExposedWorkflows()).filter((candidate) => candidate.toolName === name);
    const workflow: ExposedWorkflow | undefined =
      named.find((candidate) => mayUseWorkflow(principal, candidate.workflowId)) ?? named[0];
    if (!workflow)
      return errorResult(`No tool is called "${name}" (list the tools to see which workflows are exposed)`);
    if (!mayUseWorkflow(principal, workflow.workflowId))
      return errorResult(outsideScopeMessage({ id: workflow.workflowId, name: workflow.name }));
    return runAndWait(workflow.workflowId, workflow.wrapsInput ? args.input : args, progressToken, notify);
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      { uriTemplate: "workflow://{id}", name: "Workflow definition", mimeType: "application/json" },
      { uriTemplate: "run://{id}", name: "Run status and output", mimeType: "application/json" },
    ],
  }));

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: withinScope(principal, await listWorkflows(), (workflow) => workflow.id).map((workflow) => ({
      uri: `workflow://${workflow.id}`,
      name: workflow.name,
      mimeType: "application/json",
    })),
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    const found = await readResource(uri);
    if (!found) throw new Error(`Nothing at ${uri}: use workflow://{id} or run://{id} with an id that exists`);
    if (!mayUseWorkflow(principal, found.workflowId))
      throw new McpError(ErrorCode.InvalidParams, await outsideScope(found.workflowId));
    return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(found.body, null, 2) }] };
  });

  return server;
}
