/**
 * Cancelling a run from any process: a queued run is cancelled on the spot; a running one gets a
 * Redis flag that the worker executing it polls, aborting the run's signal so the agent and its
 * tool calls stop and teardown runs as for any other ending.
 */
import type { Redis } from "ioredis";
import { getDb } from "../db/client";
import { runsQueue } from "../queue/queues";
import { createEventRecorder } from "./record-event";

const cancelKey = (runId: string) => `run:${runId}:cancel`;
const FLAG_TTL_SECONDS = 24 * 60 * 60;
const POLL_MS = 250;

export type CancelResult = { ok: true; status: "cancelled" | "cancelling" } | { ok: false; reason: "not-found" | "finished"; message: string };

export async function cancelRun(redis: Redis, runId: string): Promise<CancelResult> {
  const db = getDb();
  const run = await db.run.findUnique({ where: { id: runId }, select: { status: true } });
  if (!run) return { ok: false, reason: "not-found", message: `Run ${runId} does not exist` };
  if (run.status !== "queued" && run.status !== "running") return { ok: false, reason: "finished", message: `Run ${runId} has already ${run.status}` };
  await redis.set(cancelKey(runId), "1", "EX", FLAG_TTL_SECONDS);
  // A queued run that no worker holds yet is cancelled here; the update is conditional, so a worker that just took it wins.
  const taken = await db.run.updateMany({ where: { id: runId, status: "queued" }, data: { status: "cancelled", finishedAt: new Date() } });
  if (taken.count === 1) {
    await runsQueue().remove(runId).catch(() => undefined);
    await createEventRecorder(redis, runId)({ type: "run.cancelled", payload: {} });
    return { ok: true, status: "cancelled" };
  }
  return { ok: true, status: "cancelling" };
}

export async function isCancelRequested(redis: Redis, runId: string): Promise<boolean> {
  return (await redis.exists(cancelKey(runId))) === 1;
}

/** Aborts the returned signal when someone cancels the run (or when `parent` aborts). */
export function watchCancellation(redis: Redis, runId: string, parent: AbortSignal): { signal: AbortSignal; cancelled: () => boolean; stop: () => void } {
  const controller = new AbortController();
  let cancelled = false;
  const timer = setInterval(async () => {
    if (cancelled || !(await isCancelRequested(redis, runId).catch(() => false))) return;
    cancelled = true;
    controller.abort(new Error("The run was cancelled"));
  }, POLL_MS);
  return { signal: AbortSignal.any([parent, controller.signal]), cancelled: () => cancelled, stop: () => clearInterval(timer) };
}
