/**
 * Waits that suspend a run, stored in PostgreSQL (the RunWait table): the truth about what a
 * waiting run waits for and when it wakes. A wait is opened once per node and run, ends once —
 * the first of a person, its resume URL, an outside agent or the clock wins — and a run parks on
 * the waits of the nodes it stopped at; the earliest of their ends is when it wakes (wake-run.ts).
 */
import type { WaitOutcome, WaitRequest } from "../nodes/types";
import { sql } from "../db/sql";

export type StoredWait = {
  id: string;
  runId: string;
  nodeId: string;
  kind: WaitRequest["kind"];
  detail: Record<string, unknown>;
  wakeAt: Date | null;
  createdAt: Date;
  resolvedAt: Date | null;
  resolution: WaitOutcome | null;
  handedOutAt: Date | null;
};

/** Finds the node's wait, or opens it as asked. */
export async function openWait(runId: string, nodeId: string, request: WaitRequest): Promise<StoredWait> {
  const inserted = await sql<StoredWait>`
    INSERT INTO "RunWait" (id, "runId", "nodeId", kind, detail, "wakeAt")
    VALUES (gen_random_uuid()::text, ${runId}, ${nodeId}, ${request.kind}, ${JSON.stringify(request.detail)}::jsonb,
      ${request.until ?? null})
    ON CONFLICT ("runId", "nodeId") DO NOTHING
    RETURNING *`;
  if (inserted.length === 1) return inserted[0];
  const [found] = await sql<StoredWait>`SELECT * FROM "RunWait" WHERE "runId" = ${runId} AND "nodeId" = ${nodeId}`;
  return found;
}

/** Marks the wait's links as handed out (once). */
export async function markHandedOut(id: string): Promise<void> {
  await sql`UPDATE "RunWait" SET "handedOutAt" = now() WHERE id = ${id} AND "handedOutAt" IS NULL`;
}

export async function findWait(id: string): Promise<StoredWait | null> {
  const [found] = await sql<StoredWait>`SELECT * FROM "RunWait" WHERE id = ${id}`;
  return found ?? null;
}

export async function findNodeWait(runId: string, nodeId: string): Promise<StoredWait | null> {
  const [found] = await sql<StoredWait>`SELECT * FROM "RunWait" WHERE "runId" = ${runId} AND "nodeId" = ${nodeId}`;
  return found ?? null;
}

export type EndedWait = Pick<StoredWait, "id" | "runId" | "nodeId" | "kind" | "resolvedAt"> & {
  parked: boolean;
  runStatus: string;
};

/**
 * Ends the wait with `outcome` unless it has ended already or its run has (null then): exactly one
 * ender wins. A timeout only counts once its time has come.
 */
export async function resolveWait(id: string, outcome: WaitOutcome): Promise<EndedWait | null> {
  const [ended] = await sql<EndedWait>`
    UPDATE "RunWait" AS wait SET "resolvedAt" = now(), resolution = ${JSON.stringify(outcome)}::jsonb
    FROM "Run" AS run
    WHERE wait.id = ${id} AND wait."resolvedAt" IS NULL AND run.id = wait."runId"
      AND run.status IN ('running', 'waiting')
      AND (NOT ${outcome.timedOut}::boolean OR wait."wakeAt" <= now())
    RETURNING wait.id, wait."runId", wait."nodeId", wait.kind, wait."resolvedAt", wait.parked,
      run.status::text AS "runStatus"`;
  return ended ?? null;
}

export type Parking = { outcome: "suspended" | "cancel-requested" | "fenced"; dueAt: Date | null };

/**
 * Suspends the run on the waits of `parkedNodeIds` if `owner` still holds it and nobody asked to
 * cancel it: status `waiting`, no lease. `dueAt`: when the run must wake — now, when one of those
 * waits has ended already; null when only someone can end them.
 */
export async function parkRun(runId: string, owner: string, parkedNodeIds: string[]): Promise<Parking> {
  const [row] = await sql<{ suspended: number; cancelRequested: boolean; dueAt: Date | null }>`
    WITH suspended AS (
      UPDATE "Run" SET status = 'waiting', "waitingSince" = now(), "leaseOwner" = NULL, "leaseUntil" = NULL
      WHERE id = ${runId} AND "leaseOwner" = ${owner} AND status = 'running' AND "cancelRequestedAt" IS NULL
      RETURNING id),
    parked AS (
      UPDATE "RunWait" SET parked = ("nodeId" = ANY(${parkedNodeIds}::text[]))
      WHERE "runId" IN (SELECT id FROM suspended)
      RETURNING parked, "resolvedAt", "wakeAt")
    SELECT (SELECT count(*) FROM suspended)::int AS suspended,
      COALESCE((SELECT "cancelRequestedAt" IS NOT NULL FROM "Run" WHERE id = ${runId}), false) AS "cancelRequested",
      (SELECT min(COALESCE("resolvedAt", "wakeAt")) FROM parked WHERE parked) AS "dueAt"`;
  const outcome = row.suspended === 1 ? "suspended" : row.cancelRequested ? "cancel-requested" : "fenced";
  return { outcome, dueAt: row.dueAt };
}

/** A waiting run and when it is due to wake. */
export type DueRun = { runId: string; priority: number; dueAt: Date };

/** Waiting runs whose wake-up is due (a parked wait ended, or its time came) at least `graceMs` ago. */
export async function overdueWaitingRuns(graceMs: number, limit = 100): Promise<DueRun[]> {
  return sql<DueRun>`
    SELECT run.id AS "runId", run.priority, min(COALESCE(wait."resolvedAt", wait."wakeAt")) AS "dueAt"
    FROM "Run" AS run JOIN "RunWait" AS wait ON wait."runId" = run.id AND wait.parked
    WHERE run.status = 'waiting'
    GROUP BY run.id, run.priority
    HAVING min(COALESCE(wait."resolvedAt", wait."wakeAt")) < now() - make_interval(secs => ${graceMs / 1000})
    ORDER BY 3 LIMIT ${limit}`;
}

/** Waiting runs whose wake-up lies ahead: re-armed when a worker starts (a Redis that lost its delayed jobs). */
export async function upcomingWaitingRuns(limit = 10_000): Promise<DueRun[]> {
  return sql<DueRun>`
    SELECT run.id AS "runId", run.priority, min(COALESCE(wait."resolvedAt", wait."wakeAt")) AS "dueAt"
    FROM "Run" AS run JOIN "RunWait" AS wait ON wait."runId" = run.id AND wait.parked
    WHERE run.status = 'waiting'
    GROUP BY run.id, run.priority
    HAVING min(COALESCE(wait."resolvedAt", wait."wakeAt")) IS NOT NULL
    LIMIT ${limit}`;
}

/** What each waiting run of `runIds` waits for (its parked waits), for run lists. */
export async function parkedWaits(runIds: string[]): Promise<StoredWait[]> {
  if (runIds.length === 0) return [];
  return sql<StoredWait>`
    SELECT * FROM "RunWait" WHERE "runId" = ANY(${runIds}::text[]) AND parked AND "resolvedAt" IS NULL
    ORDER BY "createdAt"`;
}
