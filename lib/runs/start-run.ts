/**
 * Starting a run: compile the workflow, store the Run with its plan, record `run.queued` and
 * enqueue the job. Used by the Run button's server action and by the HTTP API alike.
 */
import { getDb } from "../db/client";
import { asJson } from "../db/json";
import { lookupComponent } from "../nodes";
import { runsQueue } from "../queue/queues";
import { sharedRedis } from "../queue/redis";
import { hostToolsEnabled } from "../settings/host-tools";
import { compileWorkflow, type CompileError } from "../workflow/compile";
import type { WorkflowGraph } from "../workflow/graph";
import { getWorkflow } from "../workflow-store/repository";
import { createEventRecorder } from "./record-event";

export type StartRunResult =
  | { ok: true; runId: string }
  | { ok: false; reason: "not-found"; message: string }
  | { ok: false; reason: "invalid"; message: string; errors: CompileError[] };

export async function startRun(workflowId: string, input: unknown, graph?: WorkflowGraph): Promise<StartRunResult> {
  const workflow = await getWorkflow(workflowId);
  if (!workflow) return { ok: false, reason: "not-found", message: `Workflow ${workflowId} does not exist` };
  const runGraph = graph ?? workflow.graph;
  const compiled = compileWorkflow(runGraph, lookupComponent, { hostTools: await hostToolsEnabled() });
  if (!compiled.ok) {
    const count = compiled.errors.length;
    return { ok: false, reason: "invalid", message: `The workflow has ${count} error${count === 1 ? "" : "s"}`, errors: compiled.errors };
  }
  const run = await getDb().run.create({
    data: { workflowId, plan: asJson(compiled.plan), graph: asJson(runGraph), input: input === undefined ? undefined : asJson(input) },
    select: { id: true },
  });
  await createEventRecorder(sharedRedis(), run.id)({ type: "run.queued", payload: { workflowId } });
  await runsQueue().add("run", { runId: run.id }, { jobId: run.id });
  return { ok: true, runId: run.id };
}

export async function getRunStatus(runId: string) {
  return getDb().run.findUnique({
    where: { id: runId },
    select: { id: true, workflowId: true, status: true, output: true, error: true, createdAt: true, startedAt: true, finishedAt: true },
  });
}
