/**
 * The tools of Switchboard's own MCP server: every exposed workflow, plus list_workflows, run_workflow and get_run.
 * Only exposed workflows run (startRun refuses an MCP start of any other, lib/runs/start-run.ts).
 * Each call is answered for one caller: viewers may list and read, running needs an editor, and a key limited to some
 * workflows is refused any other, naming it.
 */
import type { CallToolResult, ServerNotification } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Principal } from "../auth/principal";
import { startedBy, type RunStarter } from "../runs/run-trigger";
import { hasRole } from "../auth/roles";
import { checkWorkflowAccess, visibleWorkflowsWhere, withinReach } from "../auth/workflow-access";
import { outsideScopeMessage } from "../auth/workflow-scope";
import { errorResult } from "../gateway/error-result";
import type { RunEvent } from "../runs/events";
import { TERMINAL_EVENT_TYPES } from "../runs/terminal-events";
import { watchRunEvents } from "../runs/live-events";
import { getRunStatus } from "../runs/read-run";
import { startRun, startRunProblem } from "../runs/start-run";
import { waitForRunEnd } from "../runs/wait-for-run-end";
import { getWorkflow, listWorkflows } from "../workflow-store/repository";
import { listExposedWorkflows, type ExposedWorkflow } from "./exposed-workflows";

const WAIT_SECONDS = Number(process.env.SWITCHBOARD_MCP_WAIT_SECONDS ?? 300);

export const FIXED_TOOLS = [
  {
    name: "list_workflows",
    description: "Lists the workflows on this Switchboard: id, name, and whether each is exposed as a tool.",
    inputSchema: { type: "object" as const, properties: {} },
  },
  {
    name: "run_workflow",
    description:
      "Runs a workflow exposed over MCP (see list_workflows' exposedAs) by id with an input. Waits for its output " +
      "unless wait is false, then answers with the run id (see get_run).",
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

type ProgressToken = string | number | undefined;
export type Notify = (notification: ServerNotification) => Promise<void>;

function answer(value: unknown, isError = false): CallToolResult {
  const structured =
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  return {
    content: [{ type: "text", text: typeof value === "string" ? value : JSON.stringify(value, null, 2) }],
    ...(structured ? { structuredContent: structured } : {}),
    isError,
  };
}

/** The workflows exposed as tools that the caller may see. */
export async function exposedToCaller(principal: Principal): Promise<ExposedWorkflow[]> {
  return withinReach(principal, await listExposedWorkflows(), (workflow) => workflow.workflowId);
}

/**
 * Null when the caller may `needed` the workflow; otherwise why not: one they may not see reads as `missing` (its
 * existence does not leak), one outside their key's limit is named.
 */
export async function accessRefusal(
  principal: Principal,
  workflowId: string,
  needed: "view" | "edit",
  missing: string,
): Promise<string | null> {
  const checked = await checkWorkflowAccess(principal, workflowId, needed, missing);
  if (checked.ok) return null;
  return checked.reason === "outside-limit" ? outsideScope(workflowId) : checked.message;
}

/** Why the caller's key may not use this workflow, naming it. */
export async function outsideScope(workflowId: string): Promise<string> {
  return outsideScopeMessage({ id: workflowId, name: (await getWorkflow(workflowId))?.name });
}

/** Starts the run, then waits for it, telling the client about each finished node when it asked for progress. */
async function runAndWait(
  workflowId: string,
  input: unknown,
  progressToken: ProgressToken,
  notify: Notify,
  by: RunStarter,
): Promise<CallToolResult> {
  const started = await startRun(workflowId, input, { kind: "mcp", by });
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
    if (!run || run.status === "queued" || run.status === "running" || run.status === "waiting")
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

async function listWorkflowsTool(principal: Principal): Promise<CallToolResult> {
  const [all, exposed] = await Promise.all([
    listWorkflows(visibleWorkflowsWhere(principal)),
    exposedToCaller(principal),
  ]);
  const tools = new Map(exposed.map((workflow) => [workflow.workflowId, workflow.toolName]));
  return answer({
    workflows: all.map(({ id, name: workflowName }) => ({
      id,
      name: workflowName,
      exposedAs: tools.get(id) ?? null,
    })),
  });
}

async function getRunTool(principal: Principal, args: unknown): Promise<CallToolResult> {
  const parsed = GetRunArgs.safeParse(args);
  if (!parsed.success) return errorResult("runId: give the id of a run");
  const run = await getRunStatus(parsed.data.runId);
  const missing = `Run ${parsed.data.runId} does not exist`;
  const refused = run && (await accessRefusal(principal, run.workflowId, "view", missing));
  if (refused) return errorResult(refused);
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

async function runWorkflowTool(
  principal: Principal,
  args: unknown,
  progressToken: ProgressToken,
  notify: Notify,
): Promise<CallToolResult> {
  const parsed = RunWorkflowArgs.safeParse(args);
  if (!parsed.success)
    return errorResult(`${parsed.error.issues[0].path.join(".")}: ${parsed.error.issues[0].message}`);
  const { workflowId } = parsed.data;
  const refused = await accessRefusal(principal, workflowId, "edit", `Workflow ${workflowId} does not exist`);
  if (refused) return errorResult(refused);
  const by = startedBy(principal);
  if (parsed.data.wait) return runAndWait(parsed.data.workflowId, parsed.data.input, progressToken, notify, by);
  const started = await startRun(parsed.data.workflowId, parsed.data.input, { kind: "mcp", by });
  if (!started.ok) return errorResult(startRunProblem(started));
  return answer({ runId: started.runId, status: "queued" });
}

async function exposedWorkflowTool(
  principal: Principal,
  name: string,
  args: Record<string, unknown>,
  progressToken: ProgressToken,
  notify: Notify,
): Promise<CallToolResult> {
  // Two workflows may share a tool name: one the caller may run comes first; one outside their key's limit is refused
  // by name; one they may not see at all is no tool of theirs.
  const noTool = `No tool is called "${name}" (list the tools to see which workflows are exposed)`;
  const named = (await listExposedWorkflows()).filter((candidate) => candidate.toolName === name);
  const checks = await Promise.all(
    named.map(async (candidate) => ({
      candidate,
      refused: await accessRefusal(principal, candidate.workflowId, "edit", noTool),
    })),
  );
  const chosen = checks.find((check) => !check.refused) ?? checks.find((check) => check.refused !== noTool);
  if (!chosen) return errorResult(noTool);
  if (chosen.refused) return errorResult(chosen.refused);
  const workflow = chosen.candidate;
  const input = workflow.wrapsInput ? args.input : args;
  return runAndWait(workflow.workflowId, input, progressToken, notify, startedBy(principal));
}

/** Answers one tools/call for the caller. */
export async function callWorkflowTool(
  principal: Principal,
  call: { name: string; args: Record<string, unknown>; progressToken: ProgressToken },
  notify: Notify,
): Promise<CallToolResult> {
  const { name, args, progressToken } = call;
  if (name === "list_workflows") return listWorkflowsTool(principal);
  if (name === "get_run") return getRunTool(principal, args);
  if (!hasRole(principal.role, "editor"))
    return errorResult(`Running workflows needs the editor role; this key belongs to a ${principal.role}`);
  if (name === "run_workflow") return runWorkflowTool(principal, args, progressToken, notify);
  return exposedWorkflowTool(principal, name, args, progressToken, notify);
}
