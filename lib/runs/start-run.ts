/**
 * Starting a run: compile the workflow, store the Run with its plan and its `run.queued` event,
 * and enqueue the job. Used by the Run button's server action and by the HTTP API alike.
 *
 * This is the hottest path of the API, so a workflow's compiled plan is cached per version (its
 * `updatedAt` and the host-access setting): a start with a cached plan is one statement, which
 * inserts the Run and its first event only if the workflow still has that version, and the enqueue. A stale or missing
 * cache entry falls back to reading and compiling.
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
import { checkRunInput, entryFieldsOf, type InputField, type InputProblem } from "../workflow/run-input-schema";
import { getWorkflow } from "../workflow-store/repository";
import { emptyWorkflowError, missingSecrets, secretUses, type SecretUse } from "./plan-readiness";
import { runPriority } from "./run-priority";
import { asksWithInput, type RunTrigger } from "./run-trigger";

/** A child run's place: the run and the tool call that started it, and its nesting depth. */
export type RunParent = { runId: string; callId?: string; depth: number };

export type StartRunResult =
  | { ok: true; runId: string }
  | { ok: false; reason: "not-found"; message: string }
  | { ok: false; reason: "invalid"; message: string; errors: CompileError[] }
  | { ok: false; reason: "invalid-input"; message: string; errors: InputProblem[] };

/** Why a run did not start, in one line: each compile or input problem, or the reason. */
export function startRunProblem(result: Exclude<StartRunResult, { ok: true }>): string {
  return "errors" in result ? result.errors.map((error) => error.message).join("; ") : result.message;
}

/** A compiled workflow version, kept as the JSON text the Run row stores, with the input fields its Entry asks for. */
type CachedPlan = {
  updatedAt: Date;
  hostTools: boolean;
  planJson: string;
  graphJson: string;
  inputFields: InputField[];
  secrets: SecretUse[];
};

const MAX_CACHED = 500;
// On globalThis so the route handlers and the server actions (separate Next bundles) share it.
const holder = globalThis as unknown as { switchboardPlans?: Map<string, CachedPlan> };
const plans = (holder.switchboardPlans ??= new Map());

function remember(workflowId: string, plan: CachedPlan) {
  plans.delete(workflowId);
  if (plans.size >= MAX_CACHED) plans.delete(plans.keys().next().value!);
  plans.set(workflowId, plan);
}

function refused(errors: CompileError[]): Exclude<StartRunResult, { ok: true }> {
  const count = errors.length;
  return { ok: false, reason: "invalid", message: `The workflow has ${count} error${count === 1 ? "" : "s"}`, errors };
}

async function compileCurrent(
  workflowId: string,
  hostTools: boolean,
): Promise<CachedPlan | Exclude<StartRunResult, { ok: true }>> {
  const workflow = await getWorkflow(workflowId);
  if (!workflow) return { ok: false, reason: "not-found", message: `Workflow ${workflowId} does not exist` };
  const compiled = compileWorkflow(workflow.graph, lookupComponent, { hostTools });
  const errors = compiled.ok ? emptyWorkflowError(compiled.plan) : compiled.errors;
  if (!compiled.ok || errors.length > 0) return refused(errors);
  const plan = {
    updatedAt: workflow.updatedAt,
    hostTools,
    planJson: JSON.stringify(compiled.plan),
    graphJson: JSON.stringify(workflow.graph),
    inputFields: entryFieldsOf(Object.values(compiled.plan.nodes)),
    secrets: secretUses(compiled.plan, workflow.graph.mcpServers),
  };
  remember(workflowId, plan);
  return plan;
}

/** Inserts the Run and its `run.queued` event in one statement, if the workflow still has the plan's version. */
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
      AND "updatedAt" = ${plan.updatedAt.toISOString()}::timestamp),
    run AS (
      INSERT INTO "Run" (id, "workflowId", plan, graph, input, trigger, "parentRunId", "parentCallId", depth, "lastSeq",
        priority)
      SELECT ${runId}, workflow.id, ${plan.planJson}::jsonb, ${plan.graphJson}::jsonb,
        ${input === undefined ? null : JSON.stringify(input)}::jsonb, ${JSON.stringify(trigger)}::jsonb,
        ${parent?.runId ?? null}, ${parent?.callId ?? null}, ${parent?.depth ?? 0}, 1, ${runPriority(trigger)}
          FROM workflow
      RETURNING id)
    INSERT INTO "RunEvent" ("runId", seq, type, payload) SELECT run.id, 1, 'run.queued', ${payload}::jsonb FROM run
      RETURNING "runId"`;
  return rows.length === 0 ? null : runId;
}

/**
 * Starts a run of the workflow as it is stored now; `trigger` says what started it (and so which trigger nodes fire).
 * Its span is the root of the run's trace (or joins the caller's): the job carries it to the worker.
 */
export function startRun(
  workflowId: string,
  input: unknown,
  trigger: RunTrigger = { kind: "manual" },
  parent?: RunParent,
): Promise<StartRunResult> {
  const attributes = { [WORKFLOW_ID]: workflowId, "switchboard.run.trigger": trigger.kind };
  return inSpan("start run", { kind: SpanKind.PRODUCER, attributes }, async (span) => {
    const started = await startRunNow(workflowId, input, trigger, parent);
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

  const cached = plans.get(workflowId);
  let runId: string | null = null;
  if (cached && cached.hostTools === hostTools) {
    // Input that does not fit a cached version (or a secret gone missing) is judged again against the current one
    // below.
    const checked = fitted(cached);
    if (checked.ok && (await missingSecrets(cached.secrets)).length === 0)
      runId = await insertRun(workflowId, cached, checked.value, trigger, parent);
  }
  if (!runId) {
    const plan = await compileCurrent(workflowId, hostTools);
    if ("ok" in plan) return plan;
    const missing = await missingSecrets(plan.secrets);
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
