/**
 * Suspending a run whose nodes all wait (or are done, or wait on those that wait): it records
 * `run.waiting`, gives up its lease and its worker slot (status `waiting`), and arms its wake-up —
 * a delayed BullMQ job for the earliest time one of its waits ends by itself; a person or a POST
 * wakes it sooner (end-wait.ts). Its tools stay registered for as long as an outside agent may use them.
 */
import { registryKey } from "../registry/registry";
import { findNodeWait, parkRun, type Parking } from "./run-waits";
import type { RunContext } from "./run-context";
import { ensureWake } from "./wake-run";

/** Tools stay registered this long past the wait's end (an External Agent's last calls). */
const REGISTRY_MARGIN_SECONDS = 5 * 60;

export async function suspendRun(ctx: RunContext, parked: string[], usesGateway: boolean): Promise<Parking["outcome"]> {
  const waits = (await Promise.all(parked.map((nodeId) => findNodeWait(ctx.runId, nodeId)))).filter(
    (wait) => wait !== null,
  );
  const ends = waits.flatMap((wait) => (wait.wakeAt ? [wait.wakeAt.getTime()] : []));
  const until = ends.length > 0 ? new Date(Math.min(...ends)) : undefined;
  await ctx.emit({
    type: "run.waiting",
    payload: { nodeIds: parked, ...(until ? { until: until.toISOString() } : {}) },
  });
  const { outcome, dueAt } = await parkRun(ctx.runId, ctx.owner, parked);
  if (outcome !== "suspended") return outcome;
  if (usesGateway && waits.some((wait) => wait.kind === "external")) {
    const lastEnd = Math.max(...ends, Date.now());
    const ttl = Math.ceil((lastEnd - Date.now()) / 1000) + REGISTRY_MARGIN_SECONDS;
    await ctx.redis.expire(registryKey(ctx.runId), ttl).catch(() => undefined);
  }
  if (dueAt) await ensureWake({ runId: ctx.runId, dueAt, priority: 1 });
  return outcome;
}
