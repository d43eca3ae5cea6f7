/**
 * Starting a run: compile the workflow, store the Run with its plan and its `run.queued` event,
 * and enqueue the job. Used by the Run button's server action and by the HTTP API alike.
 *
 * A run runs the workflow's draft (a person trying it in the editor) or its published version (every live trigger:
 * run-trigger.ts `runSourceOf`), and records which (Run.version, null for the draft).
 *
 * This is the hottest path of the API, so a compiled plan is cached per workflow and source (with the draft's
 * `updatedAt` or the published version's number, and the host-access setting): a start with a cached plan is one
 * statement, which inserts the Run and its first event only if the workflow still has that draft or that published
 * version, and the enqueue. A stale or missing cache entry falls back to reading and compiling.
 */
import { randomUUID } from "node:crypto";
import { sql } from "../db/sql";
import { lookupComponent } from "../nodes";
import { countMetric } from "../metrics/metrics";
import { RUN_ID, WORKFLOW_ID } from "../telemetry/gen-ai";
import { inSpan, markFailed, SpanKind } from "../telemetry/spans";
import { addRunJob } from "../queue/queues";
import { hostToolsEnabled } from "../settings/host-tools";
import { compileWorkflow, type CompileError, type CompiledWorkflow } from "../workflow/compile";
import type { WorkflowGraph } from "../workflow/graph";
import { checkRunInput, entryFieldsOf, type InputField, type InputProblem } from "../workflow/run-input-schema";
import { workflowRefsOf, type WorkflowRef } from "../workflow/workflow-refs";
import { getWorkflow } from "../workflow-store/repository";
import { getVersion, liveVersion } from "../workflow-store/versions";
import { emptyWorkflowError, missingSecrets, secretUses, type SecretUse } from "./plan-readiness";
import { refErrors } from "./run-actor";
import { runPriority } from "./run-priority";
import { asksWithInput, runSourceOf, type RunSource, type RunTrigger } from "./run-trigger";

/** A child run's place: the run and the tool call that started it, and its nesting depth. */
export type RunParent = { runId: string; callId?: string; depth: number };

export type StartRunResult =
  | { ok: true; runId: string }
  | { ok: false; reason: "not-found" | "not-published" | "not-exposed"; message: string }
  | { ok: false; reason: "invalid"; message: string; errors: CompileError[] }
  | { ok: false; reason: "invalid-input"; message: string; errors: InputProblem[] };

/** Why a run did not start, in one line: each compile or input problem, or the reason. */
export function startRunProblem(result: Exclude<StartRunResult, { ok: true }>): string {
  return "errors" in result ? result.errors.map((error) => error.message).join("; ") : result.message;
}

/** A compiled workflow version, kept as the JSON text the Run row stores, with the input fields its Entry asks for. */
type CachedPlan = {
  /** The draft's save time; for a published version, null (the version never changes). */
  updatedAt: Date | null;
  /** The published version's number; null for the draft. */
  version: number | null;
  /** A version asked for by its number: it runs whether or not it is the live one. */
  pinned: boolean;
  hostTools: boolean;
  planJson: string;
  graphJson: string;
  inputFields: InputField[];
  secrets: SecretUse[];
  /** The graph's "Expose over MCP": an MCP client may start it only then. */
  exposedOverMcp: boolean;
  /** The graph's "Expose over A2A": another agent may start it only then. */
  exposedOverA2a: boolean;
  /** The workflows it starts (Workflow Tools, its error workflow): the person the run acts for must reach each. */
  workflowRefs: WorkflowRef[];
};

const MAX_CACHED = 500;
// On globalThis so the route handlers and the server actions (separate Next bundles) share it.
const holder = globalThis as unknown as { switchboardPlans?: Map<string, CachedPlan> };
const plans = (holder.switchboardPlans ??= new Map());

const cacheKey = (workflowId: string, source: RunSource) =>
  `${workflowId}:${typeof source === "string" ? source : `v${source.version}`}`;

function remember(key: string, plan: CachedPlan) {
  plans.delete(key);
  if (plans.size >= MAX_CACHED) plans.delete(plans.keys().next().value!);
  plans.set(key, plan);
}

function refused(errors: CompileError[]): Exclude<StartRunResult, { ok: true }> {
  const count = errors.length;
  return { ok: false, reason: "invalid", message: `The workflow has ${count} error${count === 1 ? "" : "s"}`, errors };
}

type SourceGraph = Pick<CachedPlan, "updatedAt" | "version" | "pinned"> & { graph: WorkflowGraph };

/** The draft or the published version, as stored now. */
async function loadSource(
  workflowId: string,
  source: RunSource,
): Promise<SourceGraph | Exclude<StartRunResult, { ok: true }>> {
  const missing = { ok: false, reason: "not-found", message: `Workflow ${workflowId} does not exist` } as const;
  if (source === "draft") {
    const draft = await getWorkflow(workflowId);
    return draft ? { graph: draft.graph, updatedAt: draft.updatedAt, version: null, pinned: false } : missing;
  }
  if (typeof source === "object") {
    const stored = await getVersion(workflowId, source.version);
    if (stored) return { graph: stored.graph, updatedAt: null, version: source.version, pinned: true };
    if (!(await getWorkflow(workflowId))) return missing;
    return { ok: false, reason: "not-found", message: `Workflow ${workflowId} has no version ${source.version}` };
  }
  const live = await liveVersion(workflowId);
  if (!live.ok) return live;
  return { graph: live.workflow.graph, updatedAt: null, version: live.workflow.version, pinned: false };
}

async function compileCurrent(
  workflowId: string,
  source: RunSource,
  hostTools: boolean,
): Promise<CachedPlan | Exclude<StartRunResult, { ok: true }>> {
  const workflow = await loadSource(workflowId, source);
  if ("ok" in workflow) return workflow;
  const compiled = compileWorkflow(workflow.graph, lookupComponent, { hostTools });
  const errors = compiled.ok ? emptyWorkflowError(compiled.plan) : compiled.errors;
  if (!compiled.ok || errors.length > 0) return refused(errors);
  const plan = {
    updatedAt: workflow.updatedAt,
    version: workflow.version,
    pinned: workflow.pinned,
    hostTools,
    planJson: JSON.stringify(compiled.plan),
    graphJson: JSON.stringify(workflow.graph),
    inputFields: entryFieldsOf(Object.values(compiled.plan.nodes)),
    secrets: secretUses(compiled.plan, workflow.graph.mcpServers),
    exposedOverMcp: workflow.graph.settings?.mcp?.expose === true,
    exposedOverA2a: workflow.graph.settings?.a2a?.expose === true,
    workflowRefs: workflowRefsOf(workflow.graph, lookupComponent),
  };
  remember(cacheKey(workflowId, source), plan);
  return plan;
}

/**
 * Inserts the Run and its `run.queued` event in one statement, if the workflow still has the plan's draft or
 * published version.
 */
async function insertRun(
  workflowId: string,
  plan: CachedPlan,
  input: unknown,
  trigger: RunTrigger,
  parent?: RunParent,
): Promise<string | null> {
  const runId = randomUUID();
  const payload = JSON.stringify({ workflowId, trigger });
  const rows = await sql`
    WITH workflow AS (SELECT id FROM "Workflow" WHERE id = ${workflowId}
      AND ("updatedAt" = ${plan.updatedAt?.toISOString() ?? null}::timestamp
        OR "publishedVersion" = ${plan.version}::int OR ${plan.pinned}::boolean)),
    run AS (
      INSERT INTO "Run" (id, "workflowId", plan, graph, input, trigger, "parentRunId", "parentCallId", depth, "lastSeq",
        priority, version)
      SELECT ${runId}, workflow.id, ${plan.planJson}::jsonb, ${plan.graphJson}::jsonb,
        ${input === undefined ? null : JSON.stringify(input)}::jsonb, ${JSON.stringify(trigger)}::jsonb,
        ${parent?.runId ?? null}, ${parent?.callId ?? null}, ${parent?.depth ?? 0}, 1, ${runPriority(trigger)},
        ${plan.version}::int
          FROM workflow
      RETURNING id)
    INSERT INTO "RunEvent" ("runId", seq, type, payload) SELECT run.id, 1, 'run.queued', ${payload}::jsonb FROM run
      RETURNING "runId"`;
  return rows.length === 0 ? null : runId;
}

/**
 * An MCP client (trigger "mcp") may start only a version exposed over MCP, an A2A agent (trigger "a2a") only one
 * exposed over A2A: judged on the very plan the run is inserted with, so a publish that hides the workflow cannot slip
 * a run in between a check and the start.
 */
const notExposed = (workflowId: string, over: "MCP" | "A2A"): Exclude<StartRunResult, { ok: true }> => ({
  ok: false,
  reason: "not-exposed",
  message:
    `Workflow ${workflowId} is not exposed over ${over}: turn on "Expose over ${over}" in its settings and publish ` +
    `it to run it from ${over === "MCP" ? "an MCP client" : "another agent"}`,
});

/** The door a trigger comes through, when it has one: MCP clients and A2A agents reach only exposed versions. */
const closedDoor = (trigger: RunTrigger, plan: CachedPlan): "MCP" | "A2A" | null =>
  trigger.kind === "mcp" && !plan.exposedOverMcp
    ? "MCP"
    : trigger.kind === "a2a" && !plan.exposedOverA2a
      ? "A2A"
      : null;

/**
 * Starts a run of the workflow's draft or published version as stored now; `trigger` says what started it (and so
 * which trigger nodes fire, and which of the two runs unless `source` says).
 * Its span is the root of the run's trace (or joins the caller's): the job carries it to the worker.
 */
export function startRun(
  workflowId: string,
  input: unknown,
  trigger: RunTrigger = { kind: "manual" },
  parent?: RunParent,
  source: RunSource = runSourceOf(trigger),
): Promise<StartRunResult> {
  const attributes = { [WORKFLOW_ID]: workflowId, "switchboard.run.trigger": trigger.kind };
  return inSpan("start run", { kind: SpanKind.PRODUCER, attributes }, async (span) => {
    const started = await startRunNow(workflowId, input, trigger, parent, source);
    if (started.ok) span.setAttribute(RUN_ID, started.runId);
    else markFailed(span, started.message);
    return started;
  });
}

async function startRunNow(
  workflowId: string,
  input: unknown,
  trigger: RunTrigger,
  parent: RunParent | undefined,
  source: RunSource,
): Promise<StartRunResult> {
  const hostTools = await hostToolsEnabled();
  const fitted = (plan: CachedPlan) =>
    asksWithInput(trigger) ? checkRunInput(plan.inputFields, input) : ({ ok: true, value: input } as const);
  const invalidInput = (errors: InputProblem[]) => ({
    ok: false as const,
    reason: "invalid-input" as const,
    message: errors[0].message,
    errors,
  });

  const cached = plans.get(cacheKey(workflowId, source));
  let runId: string | null = null;
  const refusedHere = (plan: CachedPlan) => closedDoor(trigger, plan) !== null;
  if (cached && cached.hostTools === hostTools && !refusedHere(cached)) {
    // Input that does not fit a cached version (or a secret gone missing, or a workflow it starts that is out of
    // reach) is judged again against the current one below.
    const checked = fitted(cached);
    const ready =
      checked.ok &&
      (await missingSecrets(cached.secrets)).length === 0 &&
      (await refErrors(workflowId, trigger, cached.workflowRefs)).length === 0;
    if (ready) runId = await insertRun(workflowId, cached, checked.value, trigger, parent);
  }
  if (!runId) {
    const plan = await compileCurrent(workflowId, source, hostTools);
    if ("ok" in plan) return plan;
    const door = closedDoor(trigger, plan);
    if (door) return notExposed(workflowId, door);
    const missing = [
      ...(await missingSecrets(plan.secrets)),
      ...(await refErrors(workflowId, trigger, plan.workflowRefs)),
    ];
    if (missing.length > 0) return refused(missing);
    const checked = fitted(plan);
    if (!checked.ok) return invalidInput(checked.errors);
    runId = await insertRun(workflowId, plan, checked.value, trigger, parent);
    if (!runId)
      return {
        ok: false,
        reason: "not-found",
        message: `Workflow ${workflowId} changed or was deleted while the run was starting; try again`,
      };
  }
  // Nobody can be watching a run whose id is not out yet, so run.queued is stored, not published.
  await addRunJob(runId, runPriority(trigger));
  countMetric("runsStarted", { workflow_id: workflowId, trigger: parent ? "child" : trigger.kind });
  return { ok: true, runId };
}
