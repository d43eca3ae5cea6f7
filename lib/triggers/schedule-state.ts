/**
 * A schedule's record in PostgreSQL, the truth BullMQ's job schedulers are re-armed from: the cron
 * it follows, when it last fired, and `coveredUntil` — the time up to which every firing is
 * accounted for, fired or noted as missed. A firing (or the reconciler finding firings that can no
 * longer come) locks the row, so the two never count the same firing twice. Missed firings are
 * noted one row per gap (ScheduleMiss): a gap that grows before anything fires again is the same
 * gap, so `catchUpOnce` makes up for it with one run however it was found.
 */
import { inTransaction, sql, type SqlTag } from "../db/sql";
import { firingsBetween, type MissedFirings } from "./missed-firings";
import type { WantedSchedule } from "./schedules";

export type ScheduleKey = { workflowId: string; nodeId: string };
export type ScheduleSpec = Pick<WantedSchedule, "pattern" | "tz" | "missedFirings">;

/**
 * What to do after accounting: start the firing's run, and/or one catch-up run for the gap noted as `catchUpMissId`.
 */
export type Accounting = { fire: boolean; missed: MissedFirings | null; catchUpMissId: number | null };

const NOTHING: Accounting = { fire: false, missed: null, catchUpMissId: null };

/**
 * Locks the schedule's row, creating it (or starting it afresh when its cron or time zone changed) covered up to
 * `startAt`.
 */
async function lockState(
  tx: SqlTag,
  { workflowId, nodeId }: ScheduleKey,
  spec: ScheduleSpec,
  startAt: Date,
): Promise<{ coveredUntil: Date; fresh: boolean }> {
  const start = startAt.toISOString();
  const [row] = await tx<{ coveredUntil: Date; pattern: string; timezone: string; inserted: boolean }>`
    INSERT INTO "ScheduleState" ("workflowId", "nodeId", pattern, timezone, "coveredUntil", "updatedAt")
    VALUES (${workflowId}, ${nodeId}, ${spec.pattern}, ${spec.tz}, ${start}::timestamp, now())
    ON CONFLICT ("workflowId", "nodeId") DO UPDATE SET "updatedAt" = now()
    RETURNING "coveredUntil", pattern, timezone, (xmax = 0) AS inserted`;
  if (row.inserted) return { coveredUntil: startAt, fresh: true };
  if (row.pattern === spec.pattern && row.timezone === spec.tz) return { coveredUntil: row.coveredUntil, fresh: false };
  await tx`UPDATE "ScheduleState" SET pattern = ${spec.pattern}, timezone = ${spec.tz}, "coveredUntil" =
    ${start}::timestamp
    WHERE "workflowId" = ${workflowId} AND "nodeId" = ${nodeId}`;
  return { coveredUntil: startAt, fresh: true };
}

/**
 * Notes missed firings: a new gap, or more of the last one when nothing fired since it (its end is where the row is
 * covered to).
 */
async function noteMiss(
  tx: SqlTag,
  key: ScheduleKey,
  spec: ScheduleSpec,
  missed: MissedFirings,
  coveredUntil: Date,
): Promise<{ id: number; isNew: boolean }> {
  const [latest] = await tx<{ id: number; lastMissedAt: Date }>`
    SELECT id, "lastMissedAt" FROM "ScheduleMiss" WHERE "workflowId" = ${key.workflowId} AND "nodeId" = ${key.nodeId}
      ORDER BY id DESC LIMIT 1`;
  if (latest && latest.lastMissedAt.getTime() === coveredUntil.getTime()) {
    await tx`UPDATE "ScheduleMiss" SET count = count + ${missed.count}, "lastMissedAt" =
      ${missed.last.toISOString()}::timestamp WHERE id = ${latest.id}`;
    return { id: latest.id, isNew: false };
  }
  const [row] = await tx<{ id: number }>`
    INSERT INTO "ScheduleMiss" ("workflowId", "nodeId", "firstMissedAt", "lastMissedAt", count, policy)
    VALUES (${key.workflowId}, ${key.nodeId}, ${missed.first.toISOString()}::timestamp,
      ${missed.last.toISOString()}::timestamp, ${missed.count}, ${spec.missedFirings})
    RETURNING id`;
  return { id: row.id, isNew: true };
}

async function noted(
  tx: SqlTag,
  key: ScheduleKey,
  spec: ScheduleSpec,
  missed: MissedFirings | null,
  coveredUntil: Date,
): Promise<number | null> {
  if (!missed) return null;
  const miss = await noteMiss(tx, key, spec, missed, coveredUntil);
  return miss.isNew && spec.missedFirings === "catchUpOnce" ? miss.id : null;
}

/**
 * A firing for the scheduled time `at`: fires unless that time was already accounted for; notes the firings skipped
 * before it.
 */
export function accountFiring(key: ScheduleKey, spec: ScheduleSpec, at: Date): Promise<Accounting> {
  return inTransaction(async (tx) => {
    const state = await lockState(tx, key, spec, new Date(at.getTime() - 1));
    // already noted as missed (or fired): BullMQ delivered it late or twice
    if (!state.fresh && at <= state.coveredUntil) return NOTHING;
    const missed = state.fresh ? null : firingsBetween(spec.pattern, spec.tz, state.coveredUntil, at);
    const catchUpMissId = await noted(tx, key, spec, missed, state.coveredUntil);
    await tx`UPDATE "ScheduleState" SET "coveredUntil" = ${at.toISOString()}::timestamp, "lastFiredAt" =
      ${at.toISOString()}::timestamp
      WHERE "workflowId" = ${key.workflowId} AND "nodeId" = ${key.nodeId}`;
    return { fire: true, missed, catchUpMissId };
  });
}

/**
 * Firings before `upTo` that can no longer come (their scheduler was lost, or BullMQ moved past them): noted as missed.
 */
export function accountOverdue(
  key: ScheduleKey,
  spec: ScheduleSpec,
  upTo: Date,
  now = new Date(),
): Promise<Accounting> {
  return inTransaction(async (tx) => {
    const state = await lockState(tx, key, spec, now);
    const missed = state.fresh ? null : firingsBetween(spec.pattern, spec.tz, state.coveredUntil, upTo);
    if (!missed) return NOTHING;
    const catchUpMissId = await noted(tx, key, spec, missed, state.coveredUntil);
    await tx`UPDATE "ScheduleState" SET "coveredUntil" = ${missed.last.toISOString()}::timestamp
      WHERE "workflowId" = ${key.workflowId} AND "nodeId" = ${key.nodeId}`;
    return { fire: false, missed, catchUpMissId };
  });
}

/** The run a firing started, shown as the schedule's last run. */
export async function recordFiringRun(key: ScheduleKey, runId: string): Promise<void> {
  await sql`UPDATE "ScheduleState" SET "lastRunId" = ${runId} WHERE "workflowId" = ${key.workflowId}
    AND "nodeId" = ${key.nodeId}`;
}

/** The run that made up for a gap of missed firings. */
export async function recordCatchUpRun(missId: number, runId: string): Promise<void> {
  await sql`UPDATE "ScheduleMiss" SET "catchUpRunId" = ${runId} WHERE id = ${missId}`;
}

/**
 * Forgets the records of schedules no workflow asks for any more (disabled, removed, deleted): a
 * schedule enabled again later starts afresh instead of counting its time off as missed firings.
 */
export async function forgetOtherSchedules(wanted: ScheduleKey[]): Promise<number> {
  return (
    await sql<{ nodeId: string }>`
    DELETE FROM "ScheduleState" state WHERE NOT EXISTS (
      SELECT 1 FROM unnest(${wanted.map((key) => key.workflowId)}::text[], ${wanted.map((key) => key.nodeId)}::text[])
        AS kept("workflowId", "nodeId")
      WHERE kept."workflowId" = state."workflowId" AND kept."nodeId" = state."nodeId")
    RETURNING "nodeId"`
  ).length;
}

export type StoredScheduleState = {
  workflowId: string;
  nodeId: string;
  pattern: string;
  timezone: string;
  coveredUntil: Date;
};

/** Every schedule's record, for the reconciler to compare with what is overdue. */
export async function listScheduleStates(): Promise<StoredScheduleState[]> {
  return sql<StoredScheduleState>`SELECT "workflowId", "nodeId", pattern, timezone, "coveredUntil"
    FROM "ScheduleState"`;
}
