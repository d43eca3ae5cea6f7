/**
 * Who owns a running run. A worker claims a run with a lease in PostgreSQL and renews it with
 * heartbeats; a run whose lease ran out has no live owner, and the next worker to get its job
 * (BullMQ redelivers a stalled job) takes it over and resumes it. Every write that ends or
 * continues a run is fenced by `leaseOwner`, so a worker that lost its lease (a long pause, a
 * partition) cannot overwrite the new owner's work.
 */
import { sql, sqlCount, type SqlTag } from "../db/sql";

export const LEASE_SECONDS = Number(process.env.SWITCHBOARD_RUN_LEASE_SECONDS ?? 15);
export const HEARTBEAT_MS = (LEASE_SECONDS * 1000) / 3;
export const DEFAULT_RUN_TIMEOUT_SECONDS = 60 * 60;

export type ClaimedRun = {
  id: string;
  workflowId: string;
  plan: unknown;
  input: unknown;
  /** What started the run (run-trigger.ts); null for runs stored before triggers existed. */
  trigger: unknown;
  /** 1 on the first take; more when resuming after a worker stopped (a wake-up from waiting is no new attempt). */
  attempt: number;
  resumed: boolean;
  /** Resumed because its worker died holding it (its lease lapsed), not handed back by one shutting down. */
  afterCrash: boolean;
  /** Resumed from waiting: one of its waits ended (lib/runs/suspend-run.ts). */
  woken: boolean;
  /** What its model calls have cost so far (a resumed run's budget counts them). */
  costUsd: number;
  /** When it was queued (so its wait in the queue can be measured). */
  createdAt: Date;
  startedAt: Date;
  deadlineAt: Date;
  cancelRequested: boolean;
};

export type ClaimResult =
  | { ok: true; run: ClaimedRun }
  | { ok: false; reason: "missing" | "finished" }
  | { ok: false; reason: "leased"; leaseUntil: Date }
  | { ok: false; reason: "limited"; workflowId: string };

/**
 * How a claim is made. A queued run of a workflow with `maxConcurrentRuns` (not a child run, which
 * its parent already holds a slot for) is taken only under that workflow's gate lock (`gateLocked`,
 * run-gate.ts), and then only while fewer than the limit run and no queued run is ahead of it;
 * otherwise the claim answers "limited".
 */
export type ClaimOptions = { query?: SqlTag; gateLocked?: boolean };

/**
 * Takes a queued run, a running one whose owner's lease ran out (or that we already own), or a
 * waiting one that is due (a wait it is parked on has ended, or its time has come: a stray job
 * finds a waiting run not due and leaves it be). The deadline comes from the plan's run timeout;
 * time spent waiting does not count against it.
 */
export async function claimRun(
  runId: string,
  owner: string,
  { query = sql, gateLocked = false }: ClaimOptions = {},
): Promise<ClaimResult> {
  const rows = await query<
    Omit<ClaimedRun, "resumed" | "afterCrash" | "woken" | "cancelRequested"> & {
      previous: string;
      previousOwner: string | null;
      cancelRequestedAt: Date | null;
    }
  >`
    WITH previous AS (SELECT id, status, "leaseOwner" FROM "Run" WHERE id = ${runId} FOR UPDATE)
    UPDATE "Run" AS run SET
      status = 'running',
      "startedAt" = COALESCE(run."startedAt", now()),
      "deadlineAt" = COALESCE(run."deadlineAt" + (now() - run."waitingSince"), run."deadlineAt",
        now() + make_interval(secs =>
        COALESCE((run.plan->>'runTimeoutSeconds')::int, ${DEFAULT_RUN_TIMEOUT_SECONDS}))),
      "waitingSince" = NULL,
      "leaseOwner" = ${owner},
      "leaseUntil" = now() + make_interval(secs => ${LEASE_SECONDS}),
      attempt = run.attempt + CASE WHEN previous.status = 'waiting' THEN 0 ELSE 1 END
    FROM previous
    -- run.id named twice: joined only through the CTE, a cached generic plan may hash-join it against a sequential
    -- scan of every run (seen at ~1,000 rows: 270 buffers and ~1 ms a claim); the constant keeps it on the primary key.
    WHERE run.id = ${runId} AND run.id = previous.id
      AND ((previous.status = 'queued' AND (run."parentRunId" IS NOT NULL OR run.plan->'maxConcurrentRuns' IS NULL
        OR (${gateLocked}::boolean
          AND (SELECT count(*) FROM "Run" other WHERE other."workflowId" = run."workflowId" AND other.status = 'running'
            AND other."parentRunId" IS NULL)
            < (run.plan->>'maxConcurrentRuns')::int
          AND NOT EXISTS (SELECT 1 FROM "Run" other WHERE other."workflowId" = run."workflowId"
            AND other.status = 'queued' AND other."parentRunId" IS NULL
            AND (other.priority, other."createdAt", other.id) < (run.priority, run."createdAt", run.id)))))
        OR (previous.status = 'running' AND (run."leaseUntil" IS NULL OR run."leaseUntil" < now()
          OR run."leaseOwner" = ${owner}))
        OR (previous.status = 'waiting' AND EXISTS (SELECT 1 FROM "RunWait" wait
          WHERE wait."runId" = run.id AND wait.parked
            AND COALESCE(wait."resolvedAt", wait."wakeAt") <= now() + interval '1 second')))
    RETURNING run.id, run."workflowId", run.plan, run.input, run.trigger, run.attempt, run."createdAt", run."startedAt",
      run."costUsd", run."deadlineAt", run."cancelRequestedAt",
      previous.status AS previous, previous."leaseOwner" AS "previousOwner"`;
  if (rows.length === 1) {
    const { previous, previousOwner, cancelRequestedAt, ...run } = rows[0];
    const woken = previous === "waiting";
    const resumed = previous === "running" || woken;
    return {
      ok: true,
      run: {
        ...run,
        resumed,
        woken,
        afterCrash: previous === "running" && previousOwner !== null && previousOwner !== owner,
        cancelRequested: cancelRequestedAt !== null,
      },
    };
  }
  return whyNotClaimed(runId, query);
}

/** The run as it stands, when the claim took nothing. */
async function whyNotClaimed(runId: string, query: SqlTag): Promise<ClaimResult> {
  const [current] = await query<{
    status: string;
    leaseUntil: Date | null;
    workflowId: string;
  }>`SELECT status, "leaseUntil", "workflowId" FROM "Run" WHERE id = ${runId}`;
  if (!current) return { ok: false, reason: "missing" };
  if (current.status === "queued") return { ok: false, reason: "limited", workflowId: current.workflowId };
  if (current.status === "running" && current.leaseUntil)
    return { ok: false, reason: "leased", leaseUntil: current.leaseUntil };
  return { ok: false, reason: "finished" };
}

export type HeartbeatAnswer = { kept: Set<string>; cancelRequested: Set<string> };

/**
 * Renews the leases of the runs this worker owns; a run missing from `kept` was taken over by someone else. The rows
 * are locked in id order, as statements of many runs' events lock theirs (event-store.ts), so neither waits on the
 * other in a cycle.
 */
export async function renewLeases(owner: string, runIds: string[]): Promise<HeartbeatAnswer> {
  if (runIds.length === 0) return { kept: new Set(), cancelRequested: new Set() };
  const rows = await sql<{ id: string; cancel: boolean }>`
    WITH locked AS (
      SELECT id FROM "Run" WHERE id = ANY(${runIds}) AND "leaseOwner" = ${owner} AND status = 'running'
      ORDER BY id FOR UPDATE)
    UPDATE "Run" AS run SET "leaseUntil" = now() + make_interval(secs => ${LEASE_SECONDS})
    FROM locked WHERE run.id = ANY(${runIds}) AND run.id = locked.id -- the ids beside the join: see claimRun
    RETURNING run.id, run."cancelRequestedAt" <= now() AS cancel`;
  return {
    kept: new Set(rows.map((row) => row.id)),
    cancelRequested: new Set(rows.filter((row) => row.cancel).map((row) => row.id)),
  };
}

/**
 * Gives the run up at once (a worker shutting down), so the next worker to get its job resumes it
 * without waiting out the lease. No owner left tells that worker the run was handed back, not
 * dropped by a worker that died (ClaimedRun.afterCrash).
 */
export async function releaseLease(runId: string, owner: string): Promise<void> {
  await sqlCount`UPDATE "Run" SET "leaseUntil" = now() - interval '1 second', "leaseOwner" = NULL WHERE id = ${runId}
    AND "leaseOwner" = ${owner} AND status = 'running'`;
}

/**
 * Asks the run to stop, at the latest `graceMs` from now: the owner sees it at its first heartbeat
 * after that even if the Redis flag (which carries the grace) is lost. An earlier request stands.
 */
export async function requestCancel(runId: string, graceMs = 0): Promise<void> {
  await sqlCount`
    UPDATE "Run" SET "cancelRequestedAt" = LEAST("cancelRequestedAt", now() + make_interval(secs => ${graceMs / 1000}))
    WHERE id = ${runId} AND status IN ('queued', 'running', 'waiting')`;
}

/** Whether someone asked to cancel the run (its grace, if any, may still be running). */
export async function cancelWasRequested(runId: string): Promise<boolean> {
  const rows = await sql<{ requested: boolean }>`
    SELECT "cancelRequestedAt" IS NOT NULL AS requested FROM "Run" WHERE id = ${runId}`;
  return rows[0]?.requested === true;
}

export type RunEnding =
  { status: "completed"; output: unknown } | { status: "failed"; error: string } | { status: "cancelled" };

/** The Run columns an ending writes (with finishedAt, and the lease cleared). */
export function endingColumns(ending: RunEnding) {
  return {
    status: ending.status,
    output: ending.status === "completed" ? JSON.stringify(ending.output ?? null) : null,
    error: ending.status === "failed" ? ending.error : null,
  };
}

/**
 * Writes the run's final status if `owner` still holds it (or, with owner null, if nobody live does); false when fenced
 * off.
 */
export async function endRun(runId: string, owner: string | null, ending: RunEnding): Promise<boolean> {
  const { status, output, error } = endingColumns(ending);
  const count = await sqlCount`
    UPDATE "Run" SET status = ${status}::"RunStatus", output = ${output}::jsonb, error = ${error},
      "finishedAt" = now(), "leaseOwner" = NULL, "leaseUntil" = NULL
    WHERE id = ${runId} AND status IN ('queued', 'running', 'waiting')
      AND (${owner}::text IS NULL AND ("leaseUntil" IS NULL OR "leaseUntil" < now()) OR "leaseOwner" = ${owner})`;
  return count === 1;
}
