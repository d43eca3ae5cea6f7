/**
 * Workflows as tools. A Workflow Tool node names another workflow; in tool mode it registers as kind
 * `workflow` with a name, description and input schema taken from that workflow's Entry, and every
 * call runs it as a child run (its own Run row linked to the parent run and call, its own events,
 * cancellation and teardown); a call sent again re-attaches to the child it started. Nesting is
 * limited (SWITCHBOARD_MAX_WORKFLOW_DEPTH, default 5), so a workflow that calls itself ends with a
 * clear error instead of forever. The person the run acts for (lib/runs/run-actor.ts) must be allowed to run the
 * workflow, checked when the tool registers and again before each child run starts; the child acts for them too.
 */
import { sql } from "../db/sql";
import type { RunEventInput } from "../runs/events";
import { createEventRecorder } from "../runs/record-event";
import { actorOfRun, runActor } from "../runs/run-actor";
import type { RunTrigger } from "../runs/run-trigger";
import { cancelRun } from "../runs/run-cancellation";
import { startRun, startRunProblem } from "../runs/start-run";
import { waitForRunEnd } from "../runs/wait-for-run-end";
import { sharedRedis, type RedisClient } from "../queue/redis";
import { registerTool, type RegisteredTool } from "../registry/registry";
import type { CompiledNode } from "../workflow/compile";
import { entryFieldsOf, type InputField } from "../workflow/run-input-schema";
import type { WorkflowRef } from "../workflow/workflow-refs";
import { runActorProblems } from "../workflow-store/workflow-ref-access";
import { liveVersion } from "../workflow-store/versions";
import type { ToolCallJobData, ToolCallJobResult } from "../queue/queues";
import { errorResult } from "../gateway/error-result";
import { toolNameFor } from "./component-tool";
import { DEFAULT_WORKFLOW_TIMEOUT_SECONDS, MAX_WORKFLOW_DEPTH, WORKFLOW_TOOL_SHAPE } from "./workflow-tool-shape";

const JSON_TYPES: Record<InputField["type"], string | undefined> = {
  string: "string",
  number: "number",
  boolean: "boolean",
  json: undefined,
};

/** The tool's input schema: the child's input fields, or one `input` argument that is its whole input. */
export function workflowInputSchema(fields: InputField[]): { schema: Record<string, unknown>; wrapsInput: boolean } {
  if (fields.length === 0) {
    return {
      wrapsInput: true,
      schema: {
        type: "object",
        properties: { input: { description: "The input the workflow starts with (text or JSON)" } },
      },
    };
  }
  const properties = Object.fromEntries(
    fields.map((field) => [
      field.name,
      {
        ...(JSON_TYPES[field.type] ? { type: JSON_TYPES[field.type] } : {}),
        ...(field.description ? { description: field.description } : {}),
      },
    ]),
  );
  return {
    wrapsInput: false,
    schema: {
      type: "object",
      properties,
      required: fields.filter((field) => field.required && field.default === undefined).map((field) => field.name),
    },
  };
}

/**
 * What the chosen workflow's published version (the one a Workflow Tool runs) looks like as a tool; throws naming the
 * workflow when it is gone or was never published.
 */
export async function describeWorkflow(workflowId: string) {
  const live = await liveVersion(workflowId);
  if (!live.ok) throw new Error(`workflowId: ${live.message}`);
  const { workflow } = live;
  return { name: workflow.name, ...workflowInputSchema(entryFieldsOf(workflow.graph.nodes)) };
}

/** Throws, naming the node and its field, when the person the run acts for may not run the workflow. */
async function requireRunnable(actor: string | null, ref: WorkflowRef): Promise<void> {
  const [problem] = await runActorProblems(actor, [ref]);
  if (problem) throw new Error(problem.message);
}

export async function registerWorkflowTool(
  redis: RedisClient,
  runId: string,
  node: CompiledNode,
): Promise<RegisteredTool> {
  const workflowId = String(node.params.workflowId ?? "");
  const ref = { nodeId: node.id, label: node.label, field: "workflowId", workflowId };
  await requireRunnable(await actorOfRun(runId), ref);
  const described = await describeWorkflow(workflowId);
  const tool: RegisteredTool = {
    nodeId: node.id,
    toolName: toolNameFor(node, WORKFLOW_TOOL_SHAPE),
    kind: "workflow",
    description: `Runs the workflow "${described.name}" and answers with its output.`,
    inputSchema: described.schema,
    boundInputs: {},
    workflowId,
    wrapsInput: described.wrapsInput,
    callTimeoutMs: Number(node.params.timeoutSeconds ?? DEFAULT_WORKFLOW_TIMEOUT_SECONDS) * 1000,
    status: "ready",
  };
  await registerTool(redis, runId, tool);
  return tool;
}

export type ChildRunRequest = {
  parentRunId: string;
  nodeId: string;
  callId?: string;
  workflowId: string;
  input: unknown;
  timeoutMs: number;
  signal: AbortSignal;
  emit: (event: RunEventInput) => Promise<unknown>;
};

/**
 * What names a child run within its parent: the tool call that asked for it (run-unique, and the
 * same when a resumed agent or Loop sends the call again), or the Workflow Tool node on the canvas.
 */
const childKey = (request: Pick<ChildRunRequest, "callId" | "nodeId">) => request.callId ?? `node:${request.nodeId}`;

/**
 * The child run this call already started, when it is running or has completed: a call sent again
 * (its worker died, a resumed agent re-sent it, a stalled job ran twice) re-attaches to it rather
 * than start a second one. A child that failed or was cancelled is not re-attached: a new call is a retry.
 */
async function existingChild(request: ChildRunRequest): Promise<string | undefined> {
  const [found] = await sql<{ id: string }>`
    SELECT id FROM "Run"
    WHERE "parentRunId" = ${request.parentRunId} AND "parentCallId" = ${childKey(request)}
      AND status IN ('queued', 'running', 'completed')
    ORDER BY "createdAt" DESC LIMIT 1`;
  return found?.id;
}

/** Starts the child run, or finds the one this call started before; answers its id. */
async function startOrReattach(request: ChildRunRequest): Promise<string> {
  const reattached = await existingChild(request);
  if (reattached) return reattached;
  const [parent] = await sql<{ depth: number; workflowId: string; trigger: RunTrigger | null; label: string | null }>`
    SELECT depth, "workflowId", trigger, plan->'nodes'->(${request.nodeId}::text)->>'label' AS label
    FROM "Run" WHERE id = ${request.parentRunId}`;
  const depth = (parent?.depth ?? 0) + 1;
  const actor = parent ? await runActor(parent.workflowId, parent.trigger) : null;
  const label = parent?.label ?? request.nodeId;
  await requireRunnable(actor, { nodeId: request.nodeId, label, field: "workflowId", workflowId: request.workflowId });
  if (depth > MAX_WORKFLOW_DEPTH)
    throw new Error(
      `Workflows call each other more than ${MAX_WORKFLOW_DEPTH} deep (a workflow calling itself?): run ` +
        `${request.parentRunId} may not start another`,
    );
  const started = await startRun(
    request.workflowId,
    request.input,
    { kind: "workflow", ...(actor ? { actingFor: actor } : {}) },
    { runId: request.parentRunId, callId: childKey(request), depth },
  );
  if (!started.ok) throw new Error(`The workflow could not start: ${startRunProblem(started)}`);
  await request.emit({
    type: "child.run.started",
    payload: {
      nodeId: request.nodeId,
      childRunId: started.runId,
      workflowId: request.workflowId,
      callId: request.callId,
    },
  });
  return started.runId;
}

/**
 * Runs the workflow as a child of the parent run (or re-attaches to the child this call started
 * before) and waits for it; cancelled with the caller. Throws on failure, naming the child run.
 */
export async function runChildWorkflow(request: ChildRunRequest): Promise<{ runId: string; output: unknown }> {
  const childRunId = await startOrReattach(request);
  const cancelChild = () => void cancelRun(sharedRedis(), childRunId).catch(() => undefined);
  request.signal.addEventListener("abort", cancelChild, { once: true });
  try {
    const run = await waitForRunEnd(childRunId, request.timeoutMs);
    if (run?.status === "completed") return { runId: childRunId, output: run.output };
    if (!run || run.status === "queued" || run.status === "running" || run.status === "waiting") {
      cancelChild();
      throw new Error(
        `Child run ${childRunId} took longer than ${Math.round(request.timeoutMs / 1000)} s and was cancelled`,
      );
    }
    throw new Error(`Child run ${childRunId} ${run.status}${run.error ? `: ${run.error}` : ""}`);
  } finally {
    request.signal.removeEventListener("abort", cancelChild);
  }
}

/** A call from the gateway (any agent, any level): the child run's output as the tool result. */
export async function executeWorkflowCall(job: ToolCallJobData, signal: AbortSignal): Promise<ToolCallJobResult> {
  const { target } = job;
  if (!target.workflowId) return errorResult(`Tool ${job.toolName} names no workflow`);
  try {
    const { output } = await runChildWorkflow({
      parentRunId: job.runId,
      nodeId: job.nodeId,
      callId: job.callId,
      workflowId: target.workflowId,
      input: target.wrapsInput ? job.args.input : job.args,
      timeoutMs: target.callTimeoutMs ?? DEFAULT_WORKFLOW_TIMEOUT_SECONDS * 1000,
      signal,
      emit: createEventRecorder(sharedRedis(), job.runId),
    });
    const structured =
      output && typeof output === "object" && !Array.isArray(output) ? (output as Record<string, unknown>) : undefined;
    return {
      content: [{ type: "text", text: typeof output === "string" ? output : JSON.stringify(output) }],
      ...(structured ? { structuredContent: structured } : {}),
      isError: false,
    };
  } catch (error) {
    return errorResult(error instanceof Error ? error.message : String(error));
  }
}
