/**
 * Cancelling a run from any process. A queued or waiting run, or a running one whose worker is gone (its
 * lease lapsed), is ended on the spot; a run with a live owner gets a Redis flag, which the owner
 * polls every 250 ms, and a database flag, which it reads with every lease heartbeat and which
 * survives a Redis restart. Either way the owner ends the run through finishRun(). Child runs
 * (started by the run's Workflow Tools) are cancelled with it.
 */
import { getDb } from "../db/client";
import { sql } from "../db/sql";
import { runsQueue } from "../queue/queues";
import { finishRun } from "./finish-run";
import { createEventRecorder } from "./record-event";
import { requestCancel } from "./run-lease";
import { runKey, type RedisClient } from "../queue/redis";

const cancelKey = (runId: string) => runKey(runId, "cancel");
const FLAG_TTL_SECONDS = 24 * 60 * 60;
const POLL_MS = 250;

export type CancelResult =
  { ok: true; status: "cancelled" | "cancelling" } | { ok: false; reason: "not-found" | "finished"; message: string };

/**
 * `graceMs`: how long tool calls already running may take to finish before the run stops anyway (wind-down.ts); 0 stops
 * it now.
 */
export type CancelOptions = { graceMs?: number };

export async function cancelRun(redis: RedisClient, runId: string, options: CancelOptions = {}): Promise<CancelResult> {
  const graceMs = Math.max(0, Math.round(options.graceMs ?? 0));
  const run = await getDb().run.findUnique({
    where: { id: runId },
    select: { status: true, startedAt: true, workflowId: true },
  });
  if (!run) return { ok: false, reason: "not-found", message: `Run ${runId} does not exist` };
  if (run.status !== "queued" && run.status !== "running" && run.status !== "waiting")
    return { ok: false, reason: "finished", message: `Run ${runId} has already ${run.status}` };
  await requestCancel(runId, graceMs);
  await cancelChildRuns(redis, runId, { graceMs });
  // The flag holds the grace; a gentle request never softens a plain cancel already made (NX), a plain one overrides a
  // gentle one.
  const flag =
    graceMs > 0
      ? redis.set(cancelKey(runId), String(graceMs), "EX", FLAG_TTL_SECONDS, "NX")
      : redis.set(cancelKey(runId), "0", "EX", FLAG_TTL_SECONDS);
  await flag.catch(() => undefined);
  // Ended here only if no live worker holds it (queued, or its worker died); the update is fenced, so an owner that
  // just took it wins.
  const ending = {
    runId,
    workflowId: run.workflowId,
    redis,
    emit: createEventRecorder(redis, runId),
    startedAt: run.startedAt?.getTime() ?? Date.now(),
  };
  if (await finishRun(ending, null, { status: "cancelled" })) {
    await runsQueue(runId)
      .remove(runId)
      .catch(() => undefined);
    return { ok: true, status: "cancelled" };
  }
  return { ok: true, status: "cancelling" };
}

/** Cancelling a run cancels the runs its Workflow Tools started that are still going (and theirs). */
export async function cancelChildRuns(
  redis: RedisClient,
  parentRunId: string,
  options: CancelOptions = {},
): Promise<void> {
  const children = await sql<{
    id: string;
  }>`SELECT id FROM "Run" WHERE "parentRunId" = ${parentRunId} AND status IN ('queued', 'running', 'waiting')`;
  await Promise.all(children.map((child) => cancelRun(redis, child.id, options).catch(() => undefined)));
}

/** The grace a cancel request gives the run's tool calls (0: stop now), or null when nobody asked. */
async function cancelRequest(redis: RedisClient, runId: string): Promise<{ graceMs: number } | null> {
  const flag = await redis.get(cancelKey(runId));
  return flag === null ? null : { graceMs: Number(flag) || 0 };
}

/**
 * Calls `cancel` once someone cancels the run through Redis, and again if a gentle request is
 * followed by a plain one (grace 0), so a second click on Cancel does not wait out the grace.
 */
export function watchCancellation(
  redis: RedisClient,
  runId: string,
  cancel: (graceMs: number) => void,
): { stop: () => void } {
  let seen: number | undefined;
  const timer = setInterval(async () => {
    const request = await cancelRequest(redis, runId).catch(() => null);
    if (!request || request.graceMs === seen || seen === 0) return;
    seen = request.graceMs;
    cancel(request.graceMs);
  }, POLL_MS);
  return { stop: () => clearInterval(timer) };
}
