/**
 * Waking a waiting run: a BullMQ job on `runs`, delayed until the run is due, whose id is made of
 * the run and the due time, so arming the same wake-up twice (the suspending worker, a decision, the
 * sweeper, a worker starting) makes one job. The job only carries the moment: PostgreSQL says
 * whether the run is due (run-waits.ts), and the sweeper re-arms a wake-up Redis lost.
 */
import { runsQueue } from "../queue/queues";
import { overdueWaitingRuns, upcomingWaitingRuns, type DueRun } from "./run-waits";

const LIVE_JOB_STATES = new Set(["waiting", "active", "delayed", "prioritized", "waiting-children"]);

export const wakeJobId = (runId: string, dueAt: Date) => `wake-${runId}-${dueAt.getTime()}`;

/** Arms the run's wake-up for `dueAt` (now, if that has passed). */
export async function armWake(runId: string, dueAt: Date, priority = 1): Promise<void> {
  await runsQueue(runId).add(
    "run",
    { runId },
    { jobId: wakeJobId(runId, dueAt), delay: Math.max(0, dueAt.getTime() - Date.now()), priority },
  );
}

/** Arms the wake-up again unless BullMQ still holds it; true when it had to. */
export async function ensureWake({ runId, dueAt, priority }: DueRun): Promise<boolean> {
  const job = await runsQueue(runId).getJob(wakeJobId(runId, dueAt));
  const state = job ? await job.getState() : "missing";
  if (LIVE_JOB_STATES.has(state)) return false;
  await job?.remove().catch(() => undefined);
  await armWake(runId, dueAt, priority);
  return true;
}

/** The sweeper's part: waiting runs due for a while whose wake-up job is gone are woken now. */
export async function wakeOverdueRuns(graceMs = 2_000): Promise<string[]> {
  const woken: string[] = [];
  for (const due of await overdueWaitingRuns(graceMs)) if (await ensureWake(due)) woken.push(due.runId);
  return woken;
}

/** A starting worker's part: every waiting run's wake-up is in Redis again (a flushed Redis loses delayed jobs). */
export async function rearmWaitingRuns(): Promise<number> {
  let armed = 0;
  for (const due of await upcomingWaitingRuns()) if (await ensureWake(due)) armed++;
  return armed;
}
