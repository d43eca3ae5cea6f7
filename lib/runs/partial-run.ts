/**
 * Test runs from the editor: run one node, run from a node, run up to a node, or a whole run that
 * uses pinned data. A test run is a real run (a Run row, in the history, on a worker) whose event
 * log starts with the nodes it takes as done — `node.completed` with their pinned or earlier
 * output, `node.skipped` for what it leaves out — so the worker starts it the way it resumes a run
 * (resume-state.ts), and a worker that dies mid-way resumes it the same way. Its trigger says
 * "test" with what was asked and what ran. Pins are read here and nowhere else.
 */
import { randomUUID } from "node:crypto";
import { inTransaction } from "../db/sql";
import { lookupComponent } from "../nodes";
import { addRunJob } from "../queue/queues";
import { hostToolsEnabled } from "../settings/host-tools";
import { compileWorkflow, type CompileError, type CompiledWorkflow } from "../workflow/compile";
import { pinnedOutputs } from "../workflow/pinned-data";
import { planPartialRun, type PartialPlan, type TestRunRequest } from "../workflow/partial-plan";
import { LEFT_OUT_REASON } from "../workflow/constants";
import { checkRunInput, entryFieldsOf } from "../workflow/run-input-schema";
import { workflowRefsOf } from "../workflow/workflow-refs";
import { getWorkflow } from "../workflow-store/repository";
import type { RunEvent, RunEventInput } from "./events";
import { emptyWorkflowError, missingSecrets, secretUses } from "./plan-readiness";
import { latestNodeOutputs } from "./recorded-outputs";
import { resumeState } from "./resume-state";
import { refErrors } from "./run-actor";
import type { RunContext } from "./run-context";
import { runPriority } from "./run-priority";
import type { RunStarter, RunTrigger } from "./run-trigger";
import { startRun, type StartRunResult } from "./start-run";

type Refusal = Exclude<StartRunResult, { ok: true }>;

const invalid = (errors: CompileError[]): Refusal => ({
  ok: false,
  reason: "invalid",
  message: errors.map((error) => error.message).join("; "),
  errors,
});

/** The events a test run's log starts with, after `run.queued`: the nodes it takes as done or leaves out. */
export function seedEvents(partial: PartialPlan): RunEventInput[] {
  const completed = partial.seeded.map((seed) => ({
    type: "node.completed" as const,
    payload: {
      nodeId: seed.nodeId,
      output: seed.output,
      durationMs: 0,
      reused: seed.from,
      ...(seed.from === "earlier-run" ? { fromRunId: seed.runId } : {}),
    },
  }));
  // Tool-mode nodes too: one left out must not register its tool.
  const skipped = partial.leftOut.map((nodeId) => ({
    type: "node.skipped" as const,
    payload: { nodeId, reason: LEFT_OUT_REASON },
  }));
  return [...completed, ...skipped];
}

/** Stores the Run with its first events in one transaction, then enqueues it. */
async function insertTestRun(
  workflowId: string,
  { plan, graph, input, trigger }: { plan: CompiledWorkflow; graph: unknown; input: unknown; trigger: RunTrigger },
  seeds: RunEventInput[],
): Promise<string> {
  const runId = randomUUID();
  const events = [{ type: "run.queued", payload: { workflowId, trigger } }, ...seeds];
  const priority = runPriority(trigger);
  const inputJson = input === undefined ? null : JSON.stringify(input);
  const types = events.map((event) => event.type);
  const payloads = events.map((event) => JSON.stringify(event.payload));
  await inTransaction(async (tx) => {
    await tx`
      INSERT INTO "Run" (id, "workflowId", plan, graph, input, trigger, depth, "lastSeq", priority)
      VALUES (${runId}, ${workflowId}, ${JSON.stringify(plan)}::jsonb, ${JSON.stringify(graph)}::jsonb,
        ${inputJson}::jsonb, ${JSON.stringify(trigger)}::jsonb, 0, ${events.length}, ${priority})`;
    await tx`
      INSERT INTO "RunEvent" ("runId", seq, type, payload)
      SELECT ${runId}, ordinality, type, payload::jsonb
      FROM unnest(${types}::text[], ${payloads}::text[]) WITH ORDINALITY AS seeded(type, payload, ordinality)`;
  });
  await addRunJob(runId, priority);
  return runId;
}

/** Starts a test run of the workflow as stored now (the editor saves first), using its pins and its latest outputs. */
export async function startTestRun(
  workflowId: string,
  request: TestRunRequest,
  input: unknown,
  by?: RunStarter,
): Promise<StartRunResult> {
  const workflow = await getWorkflow(workflowId);
  if (!workflow) return { ok: false, reason: "not-found", message: `Workflow ${workflowId} does not exist` };
  const compiled = compileWorkflow(workflow.graph, lookupComponent, { hostTools: await hostToolsEnabled() });
  const errors = compiled.ok ? emptyWorkflowError(compiled.plan) : compiled.errors;
  if (!compiled.ok || errors.length > 0) return invalid(errors);
  const plan = compiled.plan;
  const recorded = new Map((await latestNodeOutputs(workflowId)).map((latest) => [latest.nodeId, latest]));
  const planned = planPartialRun(plan, request, pinnedOutputs(workflow.graph), recorded);
  if (!planned.ok)
    return invalid([
      {
        code: "unknown-reference",
        message: planned.message,
        nodeId: request.mode === "all" ? undefined : request.nodeId,
      },
    ]);
  const { partial } = planned;
  const running = new Set(partial.run);
  const missing = await missingSecrets(
    secretUses(plan, workflow.graph.mcpServers).filter((use) => !use.nodeId || running.has(use.nodeId)),
  );
  const refs = workflowRefsOf(workflow.graph, lookupComponent).filter((ref) => !ref.nodeId || running.has(ref.nodeId));
  missing.push(...(await refErrors(workflowId, { kind: "manual", by }, refs)));
  if (missing.length > 0) return invalid(missing);
  const entries = Object.values(plan.nodes).filter((node) => running.has(node.id));
  const checked = checkRunInput(entryFieldsOf(entries), input);
  if (!checked.ok)
    return { ok: false, reason: "invalid-input", message: checked.errors[0].message, errors: checked.errors };
  const trigger: RunTrigger = {
    kind: "manual",
    by,
    test: {
      mode: request.mode,
      ...(request.mode === "all" ? {} : { nodeId: request.nodeId }),
      ranNodeIds: partial.run,
      pinnedNodeIds: partial.seeded.filter((seed) => seed.from === "pinned").map((seed) => seed.nodeId),
    },
  };
  const runId = await insertTestRun(
    workflowId,
    { plan, graph: workflow.graph, input: checked.value, trigger },
    seedEvents(partial),
  );
  return { ok: true, runId };
}

/**
 * On a test run's first start: the nodes its log already marks done or left out, restored into the
 * run's context as a resumed run's would be. Nothing for any other run.
 */
export function restoreTestRunSeeds(ctx: RunContext, events: readonly RunEvent[]): Set<string> {
  const state = resumeState(ctx.plan, events);
  for (const [nodeId, output] of state.completed) ctx.outputs.set(nodeId, output);
  for (const nodeId of state.skipped) ctx.skipped.add(nodeId);
  return new Set([...state.completed.keys(), ...state.skipped]);
}

/** The editor's Run button: a whole test run when the workflow pins any node's data, else an ordinary run. */
export async function startEditorRun(workflowId: string, input: unknown, by?: RunStarter): Promise<StartRunResult> {
  const workflow = await getWorkflow(workflowId);
  const pins = workflow ? pinnedOutputs(workflow.graph) : new Map();
  return pins.size > 0
    ? startTestRun(workflowId, { mode: "all" }, input, by)
    : startRun(workflowId, input, { kind: "manual", by });
}
