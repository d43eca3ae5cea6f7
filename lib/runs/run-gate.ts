/**
 * Per-workflow concurrency (`settings.maxConcurrentRuns`) without a queue of our own: a run over
 * its workflow's limit stays `queued` in PostgreSQL and its BullMQ job waits in BullMQ's delayed
 * set (run-job.ts), holding no worker slot. Claims of a limited workflow's runs are serialised by a
 * transaction-scoped advisory lock on the workflow, so two workers never both take the last slot,
 * and a run starts only when no queued run is ahead of it (priority, then age): runs start in order.
 * When a run ends, the first queued runs are woken (their delayed jobs promoted) for the free slots.
 */
import { inTransaction, sql } from "../db/sql";
import { runsQueue } from "../queue/queues";
import { claimRun, type ClaimResult } from "./run-lease";

/** Takes the run if its workflow has a free slot and the run is first in line; "limited" otherwise. */
export async function claimWithinLimit(runId: string, workflowId: string, owner: string): Promise<ClaimResult> {
  return inTransaction(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtextextended(${`run-gate:${workflowId}`}, 0))`;
    return claimRun(runId, owner, { query: tx, gateLocked: true });
  });
}

/** The queued runs of the workflow that may start now: as many of the first in line as there are free slots. */
async function firstInLine(workflowId: string): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    WITH line AS (
      SELECT id, (plan->>'maxConcurrentRuns')::int AS "limit", row_number() OVER (ORDER BY priority, "createdAt", id) AS
        place
      FROM "Run" WHERE "workflowId" = ${workflowId} AND status = 'queued' AND "parentRunId" IS NULL),
    running AS (SELECT count(*) AS count FROM "Run" WHERE "workflowId" = ${workflowId} AND status = 'running'
      AND "parentRunId" IS NULL)
    SELECT line.id FROM line, running WHERE line.place <= COALESCE(line."limit", 1000000) - running.count
      ORDER BY line.place`;
  return rows.map((row) => row.id);
}

/**
 * Wakes the runs that may start now: their delayed jobs are promoted to BullMQ's waiting list. A job that is not
 * delayed is left alone.
 */
export async function wakeQueuedRuns(workflowId: string): Promise<void> {
  for (const runId of await firstInLine(workflowId)) {
    const job = await runsQueue(runId).getJob(runId);
    if (job && (await job.isDelayed())) await job.promote().catch(() => undefined); // taken by another waker meanwhile
  }
}
