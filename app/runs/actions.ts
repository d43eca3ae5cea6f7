"use server";
/**
 * Server actions of the run pages: run a past run's workflow again (same or edited input), or open the exact graph a
 * run used as a new workflow (editor).
 */
import { redirect } from "next/navigation";
import { actionPrincipal } from "@/lib/auth/request-access";
import { getRunStatus } from "@/lib/runs/read-run";
import { startRun, startRunProblem } from "@/lib/runs/start-run";
import { getDb } from "@/lib/db/client";
import { parseGraph } from "@/lib/workflow/graph";
import { saveRefusal } from "@/lib/workflow-store/save-guard";
import { createWorkflow } from "@/lib/workflow-store/repository";

export type RerunResult = { ok: false; error: string };

/**
 * Starts the run's workflow again (as it is now) with `input`, or the run's own input when none is given; lands on the
 * new run.
 */
export async function rerunAction(runId: unknown, input?: { value: unknown }): Promise<RerunResult> {
  const caller = await actionPrincipal("editor");
  if (!caller.ok) return { ok: false, error: caller.error };
  if (typeof runId !== "string" || runId.length > 100) return { ok: false, error: "runId: expected the id of a run" };
  const run = await getRunStatus(runId);
  if (!run) return { ok: false, error: `Run ${runId} does not exist` };
  const started = await startRun(run.workflowId, input ? input.value : run.input);
  if (!started.ok) return { ok: false, error: startRunProblem(started) };
  redirect(`/runs/${started.runId}`);
}

/** Copies the graph the run used (not the workflow as edited since) into a new workflow and opens it. */
export async function openRunGraphAction(runId: unknown): Promise<RerunResult> {
  const caller = await actionPrincipal("editor");
  if (!caller.ok) return { ok: false, error: caller.error };
  if (typeof runId !== "string" || runId.length > 100) return { ok: false, error: "runId: expected the id of a run" };
  const run = await getDb().run.findUnique({
    where: { id: runId },
    select: { graph: true, workflow: { select: { name: true } } },
  });
  if (!run) return { ok: false, error: `Run ${runId} does not exist` };
  const graph = parseGraph(run.graph);
  if (!graph.ok) return { ok: false, error: `The run's graph can no longer be read: ${graph.errors[0]}` };
  const refusal = saveRefusal(caller.principal.role, null, graph.graph);
  if (refusal) return { ok: false, error: refusal.errors.join("; ") };
  const { id } = await createWorkflow(`${run.workflow.name} (as run ${runId.slice(0, 8)})`.slice(0, 200), graph.graph);
  redirect(`/workflows/${id}`);
}
