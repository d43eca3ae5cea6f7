/**
 * Cancelling a run from any process. A queued run, or a running one whose worker is gone (its
 * lease lapsed), is ended on the spot; a run with a live owner gets a Redis flag, which the owner
 * polls every 250 ms, and a database flag, which it reads with every lease heartbeat and which
 * survives a Redis restart. Either way the owner ends the run through finishRun(). Child runs
 * (started by the run's Workflow Tools) are cancelled with it.
 */
import type { Redis } from "ioredis";
import { getDb } from "../db/client";
import { sql } from "../db/sql";
import { runsQueue } from "../queue/queues";
import { finishRun } from "./finish-run";
import { createEventRecorder } from "./record-event";
import { requestCancel } from "./run-lease";
import { RunStop } from "./run-stop";

const cancelKey = (runId: string) => `run:${runId}:cancel`;
const FLAG_TTL_SECONDS = 24 * 60 * 60;
const POLL_MS = 250;

export type CancelResult = { ok: true; status: "cancelled" | "cancelling" } | { ok: false; reason: "not-found" | "finished"; message: string };

export async function cancelRun(redis: Redis, runId: string): Promise<CancelResult> {
  const run = await getDb().run.findUnique({ where: { id: runId }, select: { status: true, startedAt: true } });
  if (!run) return { ok: false, reason: "not-found", message: `Run ${runId} does not exist` };
  if (run.status !== "queued" && run.status !== "running") return { ok: false, reason: "finished", message: `Run ${runId} has already ${run.status}` };
  await requestCancel(runId);
  await cancelChildRuns(redis, runId);
  await redis.set(cancelKey(runId), "1", "EX", FLAG_TTL_SECONDS).catch(() => undefined);
  // Ended here only if no live worker holds it (queued, or its worker died); the update is fenced, so an owner that just took it wins.
  const ending = { runId, redis, emit: createEventRecorder(redis, runId), startedAt: run.startedAt?.getTime() ?? Date.now() };
  if (await finishRun(ending, null, { status: "cancelled" })) {
    await runsQueue().remove(runId).catch(() => undefined);
    return { ok: true, status: "cancelled" };
  }
  return { ok: true, status: "cancelling" };
}

/** Cancelling a run cancels the runs its Workflow Tools started that are still going (and theirs). */
export async function cancelChildRuns(redis: Redis, parentRunId: string): Promise<void> {
  const children = await sql<{ id: string }>`SELECT id FROM "Run" WHERE "parentRunId" = ${parentRunId} AND status IN ('queued', 'running')`;
  await Promise.all(children.map((child) => cancelRun(redis, child.id).catch(() => undefined)));
}

export async function isCancelRequested(redis: Redis, runId: string): Promise<boolean> {
  return (await redis.exists(cancelKey(runId))) === 1;
}

/** Calls `stop` once someone cancels the run through Redis. */
export function watchCancellation(redis: Redis, runId: string, stop: (reason: RunStop) => void): { stop: () => void } {
  let stopped = false;
  const timer = setInterval(async () => {
    if (stopped || !(await isCancelRequested(redis, runId).catch(() => false))) return;
    stopped = true;
    stop(new RunStop("cancelled", "The run was cancelled"));
  }, POLL_MS);
  return { stop: () => clearInterval(timer) };
}
