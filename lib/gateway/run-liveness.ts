/**
 * Whether a run is still going, as the gateway asks before honouring a token: a token outlives its
 * run only until the run ends, whatever its `exp` says — and an External Agent's only until its node ends. A Redis key
 * set while the run executes and dropped when it ends answers in one round trip; when the key is missing (a Redis
 * restart), the database decides and the key is set again.
 */
import { getDb } from "../db/client";
import { runKey, type RedisClient } from "../queue/redis";

export const liveKey = (runId: string) => runKey(runId, "live");
const LIVE_TTL_SECONDS = 60 * 60;

export async function markRunLive(redis: RedisClient, runId: string): Promise<void> {
  await redis.set(liveKey(runId), "1", "EX", LIVE_TTL_SECONDS);
}

export async function markRunEnded(redis: RedisClient, runId: string): Promise<void> {
  await redis.del(liveKey(runId));
}

export async function isRunLive(redis: RedisClient, runId: string): Promise<boolean> {
  if ((await redis.exists(liveKey(runId))) === 1) return true;
  const run = await getDb().run.findUnique({ where: { id: runId }, select: { status: true } });
  // A waiting run is live: an External Agent waiting for a person keeps its tools.
  if (run?.status !== "running" && run?.status !== "waiting") return false;
  await markRunLive(redis, runId);
  return true;
}

export const endedCallersKey = (runId: string) => runKey(runId, "ended-callers");

/** Voids the tokens of one caller (an External Agent node that ended) while the run goes on. */
export async function endCallerTokens(redis: RedisClient, runId: string, agentNodeId: string): Promise<void> {
  await redis.multi().sadd(endedCallersKey(runId), agentNodeId).expire(endedCallersKey(runId), LIVE_TTL_SECONDS).exec();
}
