/**
 * Runs the schedule reconciler (reconcile-schedules.ts) in a worker process: once at start, then
 * every SWITCHBOARD_SCHEDULE_RECONCILE_MS (30 s). Every worker runs a keeper; a Redis lock (SET NX
 * with an expiry of about one interval) lets one of them reconcile per interval. A Redis flush takes
 * the lock with it, so the next tick of any worker re-arms what was lost.
 */
import { sharedRedis } from "../queue/redis";
import { workerId } from "../mcp/worker-identity";
import { reconcileSchedules, type ReconcileOptions } from "./reconcile-schedules";

export const SCHEDULE_RECONCILE_MS = Number(process.env.SWITCHBOARD_SCHEDULE_RECONCILE_MS ?? 30_000);
const LOCK_KEY = "switchboard:schedules:reconcile-lock";

export type ScheduleKeeperOptions = ReconcileOptions & { intervalMs?: number };

export async function startScheduleKeeper({
  intervalMs = SCHEDULE_RECONCILE_MS,
  log = console.error,
  ...options
}: ScheduleKeeperOptions = {}): Promise<{ close: () => void }> {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // Held for most of an interval and never released: the workers' ticks, whatever their phase, reconcile once per
      // interval between them.
      const locked = await sharedRedis().set(
        LOCK_KEY,
        workerId(),
        "PX",
        Math.max(1, Math.round(intervalMs * 0.9)),
        "NX",
      );
      if (locked) await reconcileSchedules({ ...options, log });
    } catch (error) {
      log(`[schedules] reconciling failed: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
  await tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return { close: () => clearInterval(timer) };
}
