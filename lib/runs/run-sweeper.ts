/**
 * The safety net under BullMQ's own redelivery, run by every worker every few seconds: PostgreSQL
 * says which runs should be going, Redis only carries their jobs. A queued run whose job is gone
 * (Redis restarted, say) is queued again; a running run whose lease lapsed and whose job is no
 * longer waiting or active is queued again so a worker resumes it; after too many attempts it fails
 * with the reason; a waiting run whose wake-up is due but whose job Redis lost is woken (wake-run.ts).
 * Idempotent, so several workers sweeping at once do no harm.
 */
import { getDb } from "../db/client";
import { addRunJob, runsQueue } from "../queue/queues";
import { createEventRecorder } from "./record-event";
import { finishRun } from "./finish-run";
import { wakeOverdueRuns } from "./wake-run";
import type { RedisClient } from "../queue/redis";

export const MAX_RUN_ATTEMPTS = 10;
const LIVE_JOB_STATES = new Set(["waiting", "active", "delayed", "prioritized", "waiting-children"]);

type Candidate = {
  id: string;
  workflowId: string;
  status: "queued" | "running";
  attempt: number;
  startedAt: Date | null;
  priority: number;
};

async function candidates(): Promise<Candidate[]> {
  return getDb().$queryRaw<Candidate[]>`
    SELECT id, "workflowId", status::text AS status, attempt, "startedAt", priority FROM "Run"
    WHERE (status = 'running' AND "leaseUntil" < now() - interval '2 seconds')
       OR (status = 'queued' AND "createdAt" < now() - interval '10 seconds')
    ORDER BY "createdAt" LIMIT 100`;
}

/** Re-queues or fails what has no live worker; returns the run ids it acted on. */
export async function sweepRuns(redis: RedisClient, log: (message: string) => void = console.error): Promise<string[]> {
  const acted: string[] = [];
  for (const run of await candidates()) {
    const job = await runsQueue(run.id).getJob(run.id);
    const state = job ? await job.getState() : "missing";
    if (LIVE_JOB_STATES.has(state)) continue; // BullMQ still holds it: its stalled-job check redelivers it
    if (run.attempt >= MAX_RUN_ATTEMPTS) {
      const ending = {
        runId: run.id,
        workflowId: run.workflowId,
        redis,
        emit: createEventRecorder(redis, run.id),
        startedAt: run.startedAt?.getTime() ?? Date.now(),
      };
      const error = `The run's workers stopped ${run.attempt} times; giving up`;
      if (await finishRun(ending, null, { status: "failed", error })) log(`[runs] run ${run.id} failed: ${error}`);
    } else {
      await job?.remove().catch(() => undefined);
      await addRunJob(run.id, run.priority);
      log(`[runs] run ${run.id} (${run.status}) had no live job (${state}); queued again`);
    }
    acted.push(run.id);
  }
  for (const runId of await wakeOverdueRuns()) {
    log(`[runs] run ${runId} (waiting) was due and had no wake-up job; woken`);
    acted.push(runId);
  }
  return acted;
}
