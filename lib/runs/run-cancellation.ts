/**
 * Cancelling a run from any process. A queued or waiting run, or a running one whose worker is gone (its
 * lease lapsed), is ended on the spot; a run with a live owner gets a Redis flag, which the owner
 * polls every 250 ms, and a database flag, which it reads with every lease heartbeat and which
 * survives a Redis restart. Either way the owner ends the run through finishRun(). Child runs
 * (started by the run's Workflow Tools) are cancelled with it.
 */
import { Cluster } from "ioredis";
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

/** What a watched run's cancel flag says: the grace it gives (0: stop now), or null when nobody asked. */
const graceOf = (flag: string | null) => (flag === null ? null : { graceMs: Number(flag) || 0 });

type Watch = { cancel: (graceMs: number) => void; seen?: number };

/**
 * Every run a process watches is looked at in one MGET per poll, not one GET per run: a worker holding a thousand runs
 * that wait on models asks Redis 4 times a second, not 4,000.
 */
class CancelFlags {
  private readonly watched = new Map<string, Set<Watch>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly redis: RedisClient) {}

  add(runId: string, watch: Watch): () => void {
    const watches = this.watched.get(runId) ?? new Set();
    watches.add(watch);
    this.watched.set(runId, watches);
    this.timer ??= setInterval(() => void this.poll(), POLL_MS);
    return () => {
      watches.delete(watch);
      if (watches.size === 0) this.watched.delete(runId);
      if (this.watched.size > 0 || !this.timer) return;
      clearInterval(this.timer);
      this.timer = undefined;
    };
  }

  private async poll(): Promise<void> {
    const runIds = [...this.watched.keys()];
    if (runIds.length === 0) return;
    const flags = await readFlags(this.redis, runIds.map(cancelKey)).catch(() => null);
    if (!flags) return; // Redis is away: the database flag, read with each lease heartbeat, still stops the run
    runIds.forEach((runId, index) => {
      const request = graceOf(flags[index]);
      if (request) for (const watch of this.watched.get(runId) ?? []) noticed(watch, request.graceMs);
    });
  }
}

/**
 * One MGET on a single server; on a cluster each run's flag lives in its run's slot, so an MGET across runs would be
 * refused (CROSSSLOT): there the GETs go out together, pipelined per node by the client.
 */
function readFlags(redis: RedisClient, keys: string[]): Promise<(string | null)[]> {
  return redis instanceof Cluster ? Promise.all(keys.map((key) => redis.get(key))) : redis.mget(keys);
}

/** A plain request (grace 0) after a gentle one is heard again, so a second click on Cancel does not wait the grace. */
function noticed(watch: Watch, graceMs: number): void {
  if (graceMs === watch.seen || watch.seen === 0) return;
  watch.seen = graceMs;
  watch.cancel(graceMs);
}

const flagWatchers = new WeakMap<RedisClient, CancelFlags>();

/**
 * Calls `cancel` once someone cancels the run through Redis (within POLL_MS), and again if a gentle request is followed
 * by a plain one (grace 0).
 */
export function watchCancellation(
  redis: RedisClient,
  runId: string,
  cancel: (graceMs: number) => void,
): { stop: () => void } {
  let flags = flagWatchers.get(redis);
  if (!flags) flagWatchers.set(redis, (flags = new CancelFlags(redis)));
  return { stop: flags.add(runId, { cancel }) };
}
