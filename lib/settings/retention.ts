/**
 * How long finished runs are kept: at most N days, and/or the newest N runs per workflow (unset:
 * forever). An hourly job (BullMQ job scheduler, lib/triggers) deletes the rest with their events;
 * runs still going are never touched.
 */
import { z } from "zod";
import { getDb } from "../db/client";
import { asJson } from "../db/json";
import { sqlCount } from "../db/sql";

const KEY = "retention";

export const Retention = z.object({
  keepDays: z.number().int().min(1, "keepDays: at least 1").max(3650).nullable().default(null),
  keepRuns: z.number().int().min(1, "keepRuns: at least 1").max(1_000_000).nullable().default(null),
});
export type Retention = z.infer<typeof Retention>;

export async function getRetention(): Promise<Retention> {
  const row = await getDb().setting.findUnique({ where: { key: KEY }, select: { value: true } });
  return Retention.safeParse(row?.value ?? {}).data ?? { keepDays: null, keepRuns: null };
}

export async function setRetention(retention: Retention): Promise<void> {
  await getDb().setting.upsert({
    where: { key: KEY },
    create: { key: KEY, value: asJson(retention) },
    update: { value: asJson(retention) },
  });
}

/** Deletes finished runs the retention setting no longer keeps; answers how many went. */
export async function cleanupRuns(retention: Retention = Retention.parse({})): Promise<number> {
  let deleted = 0;
  if (retention.keepDays !== null) {
    deleted += await sqlCount`
      DELETE FROM "Run" WHERE status IN ('completed', 'failed', 'cancelled')
        AND "finishedAt" < now() - make_interval(days => ${retention.keepDays})`;
  }
  if (retention.keepRuns !== null) {
    deleted += await sqlCount`
      DELETE FROM "Run" run USING (
        SELECT id, row_number() OVER (PARTITION BY "workflowId" ORDER BY "createdAt" DESC, id DESC) AS newest
        FROM "Run" WHERE status IN ('completed', 'failed', 'cancelled')
      ) ranked
      WHERE run.id = ranked.id AND ranked.newest > ${retention.keepRuns}`;
  }
  return deleted;
}
