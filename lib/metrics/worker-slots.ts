/**
 * How many slots each live worker process offers (its concurrency per queue), kept in Redis under a key that expires
 * unless the worker renews it: the scrape sums the live ones (exposition.ts), so a worker that died drops out within
 * SLOT_TTL_SECONDS without anyone cleaning up.
 */
import { scanKeys, sharedRedis } from "../queue/redis";

const SLOT_TTL_SECONDS = 30;
const RENEW_MS = 10_000;
// The metrics hash tag (metrics.ts): on a cluster all of them sit in one slot, and one MGET reads them.
export const WORKER_SLOTS_PREFIX = "switchboard:{metrics}:worker-slots:";

export type WorkerSlots = { runs: number; "tool-calls": number };

/** Announces the worker's slots now and every few seconds; the returned function stops (and withdraws) it. */
export function announceWorkerSlots(workerId: string, slots: WorkerSlots): () => Promise<void> {
  const key = WORKER_SLOTS_PREFIX + workerId;
  const announce = () =>
    sharedRedis()
      .set(key, JSON.stringify(slots), "EX", SLOT_TTL_SECONDS)
      .catch(() => undefined);
  void announce();
  const timer = setInterval(announce, RENEW_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await sharedRedis()
      .del(key)
      .catch(() => undefined);
  };
}

/** The slots of the workers alive now, summed per queue. */
export async function liveWorkerSlots(): Promise<{ workers: number; slots: WorkerSlots }> {
  const redis = sharedRedis();
  const keys = await scanKeys(redis, `${WORKER_SLOTS_PREFIX}*`);
  const values = keys.length > 0 ? await redis.mget(keys) : [];
  const slots: WorkerSlots = { runs: 0, "tool-calls": 0 };
  let workers = 0;
  for (const value of values) {
    if (!value) continue;
    const parsed = JSON.parse(value) as Partial<WorkerSlots>;
    workers++;
    slots.runs += parsed.runs ?? 0;
    slots["tool-calls"] += parsed["tool-calls"] ?? 0;
  }
  return { workers, slots };
}
