/**
 * What a `runs` job does: execute its run, or — when the run's workflow is at its
 * `maxConcurrentRuns` — put the job back in BullMQ's delayed set (DelayedError) so it holds no
 * worker slot while it waits; a run ending wakes it (run-gate.ts), and the recheck delay is only
 * the safety net for a wake-up that got lost.
 */
import { DelayedError, type Job } from "bullmq";
import type { RunJobData } from "../queue/queues";
import { executeRun, type RunServices } from "./execute-run";
import { wakeQueuedRuns } from "./run-gate";

export const LIMITED_RECHECK_MS = Number(process.env.SWITCHBOARD_LIMITED_RECHECK_MS ?? 30_000);

export async function processRunJob(
  services: RunServices,
  job: Job<RunJobData>,
  token: string | undefined,
): Promise<void> {
  const outcome = await executeRun(services, job.data.runId, job.data.traceparent);
  if (outcome === "done") return;
  await job.moveToDelayed(Date.now() + LIMITED_RECHECK_MS, token);
  // A run that ended while this one was being held back found no delayed job to wake: look again now it is delayed.
  await wakeQueuedRuns(outcome.limitedBy);
  throw new DelayedError();
}
