"use server";
/** Server action of the run pages: run a past run's workflow again, with the same or an edited input (editor). */
import { redirect } from "next/navigation";
import { actionPrincipal, workflowDenied } from "@/lib/auth/request-access";
import { getRunStatus } from "@/lib/runs/read-run";
import { startRun, startRunProblem } from "@/lib/runs/start-run";
import { startedBy } from "@/lib/runs/run-trigger";

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
  const denied = run && (await workflowDenied(caller.principal, run.workflowId, "edit"));
  if (!run || denied === `Workflow ${run.workflowId} does not exist`)
    return { ok: false, error: `Run ${runId} does not exist` };
  if (denied) return { ok: false, error: denied };
  const started = await startRun(run.workflowId, input ? input.value : run.input, {
    kind: "manual",
    by: startedBy(caller.principal),
  });
  if (!started.ok) return { ok: false, error: startRunProblem(started) };
  redirect(`/runs/${started.runId}`);
}
