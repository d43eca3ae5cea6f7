/**
 * No process a run starts (stdio MCP servers, Run Command, an External Agent's program) outlives
 * its run, even when its worker is SIGKILLed: every spawned process group is recorded in Redis with
 * its run and worker, each worker keeps a short-lived heartbeat key, and any worker on the same host
 * kills the groups whose worker's heartbeat has lapsed.
 */
import { hostname } from "node:os";
import { killProcessGroup } from "./detached-stdio-transport";
import { workerId } from "./worker-identity";
import type { RedisClient } from "../queue/redis";

export const PROCESSES_KEY = "mcp:processes";
export const HEARTBEAT_TTL_SECONDS = 10;
const heartbeatKey = (id: string) => `mcp:worker:${id}:alive`;

type ProcessRecord = { runId: string; workerId: string; host: string; pgid: number };
const field = (host: string, pgid: number) => `${host}:${pgid}`;

export async function recordProcess(redis: RedisClient, runId: string, pgid: number): Promise<void> {
  const record: ProcessRecord = { runId, workerId: workerId(), host: hostname(), pgid };
  await redis.hset(PROCESSES_KEY, field(record.host, pgid), JSON.stringify(record));
}

export async function forgetProcess(redis: RedisClient, pgid: number): Promise<void> {
  await redis.hdel(PROCESSES_KEY, field(hostname(), pgid));
}

/** The spawn / exit hooks that keep a run's process group on record while it lives (lib/tools/run-executable.ts). */
export function reaperHooks(
  redis: RedisClient,
  runId: string,
): { onSpawn: (pgid: number) => Promise<void>; onGone: (pgid: number) => Promise<void> } {
  return { onSpawn: (pgid) => recordProcess(redis, runId, pgid), onGone: (pgid) => forgetProcess(redis, pgid) };
}

export async function beat(redis: RedisClient): Promise<void> {
  await redis.set(heartbeatKey(workerId()), "1", "EX", HEARTBEAT_TTL_SECONDS);
}

export async function stopBeating(redis: RedisClient): Promise<void> {
  await redis.del(heartbeatKey(workerId()));
}

/** Kills this host's recorded process groups whose worker is gone; returns what it reaped. */
export async function reapOrphanedProcesses(redis: RedisClient): Promise<ProcessRecord[]> {
  const host = hostname();
  const reaped: ProcessRecord[] = [];
  for (const raw of Object.values(await redis.hgetall(PROCESSES_KEY))) {
    const record = JSON.parse(raw) as ProcessRecord;
    if (record.host !== host) continue;
    if (await redis.exists(heartbeatKey(record.workerId))) continue;
    killProcessGroup(record.pgid, "SIGKILL");
    await redis.hdel(PROCESSES_KEY, field(host, record.pgid));
    reaped.push(record);
  }
  return reaped;
}
