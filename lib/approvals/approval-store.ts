/**
 * Pending approvals in Redis, so any web process can decide a call another one is holding, and a
 * reload loses nothing. Per call: the request (SET NX), the decision (SET NX, so exactly one
 * decision wins: a person's, the timeout's or the run's end) and a wake-up list the waiting
 * gateway blocks on. Per run: the set of undecided calls and, once the run has ended, a flag.
 */
import { z } from "zod";
import { ApprovalDecider } from "../runs/events";
import { MAX_APPROVAL_TIMEOUT_SECONDS } from "../workflow/constants";
import { runKey, type RedisClient } from "../queue/redis";

export const ApprovalRequest = z.object({
  runId: z.string(),
  callId: z.string(),
  agentNodeId: z.string(),
  toolName: z.string(),
  args: z.record(z.string(), z.unknown()),
  timeoutSeconds: z.number(),
  requestedAt: z.string(),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequest>;

export const ApprovalDecision = z.object({
  decision: z.enum(["approved", "denied"]),
  by: ApprovalDecider,
  /** The arguments the call goes ahead with (a person may have edited them). */
  args: z.record(z.string(), z.unknown()).optional(),
  reason: z.string().optional(),
  /** The person who decided (their name), when a person did. */
  decidedBy: z.string().optional(),
});
export type ApprovalDecision = z.infer<typeof ApprovalDecision>;

/** Keys outlive the wait by a margin, then clean themselves up. */
const KEY_MARGIN_SECONDS = 15 * 60;

const requestKey = (runId: string, callId: string) => runKey(runId, `approval:${callId}`);
const decisionKey = (runId: string, callId: string) => runKey(runId, `approval:${callId}:decision`);
const wakeKey = (runId: string, callId: string) => runKey(runId, `approval:${callId}:wake`);
const pendingKey = (runId: string) => runKey(runId, "approvals:pending");
const endedKey = (runId: string) => runKey(runId, "approvals:ended");

/** False when a request with this call id already exists. */
export async function createApprovalRequest(redis: RedisClient, request: ApprovalRequest): Promise<boolean> {
  const ttl = request.timeoutSeconds + KEY_MARGIN_SECONDS;
  if ((await redis.set(requestKey(request.runId, request.callId), JSON.stringify(request), "EX", ttl, "NX")) !== "OK")
    return false;
  const pending = pendingKey(request.runId);
  await redis
    .multi()
    .sadd(pending, request.callId)
    .expire(pending, MAX_APPROVAL_TIMEOUT_SECONDS + KEY_MARGIN_SECONDS)
    .exec();
  return true;
}

export async function getApprovalRequest(
  redis: RedisClient,
  runId: string,
  callId: string,
): Promise<ApprovalRequest | null> {
  const raw = await redis.get(requestKey(runId, callId));
  return raw ? ApprovalRequest.parse(JSON.parse(raw)) : null;
}

export async function getApprovalDecision(
  redis: RedisClient,
  runId: string,
  callId: string,
): Promise<ApprovalDecision | null> {
  const raw = await redis.get(decisionKey(runId, callId));
  return raw ? ApprovalDecision.parse(JSON.parse(raw)) : null;
}

/** Stores the decision unless one exists already; true when this one won. */
export async function storeApprovalDecision(
  redis: RedisClient,
  request: ApprovalRequest,
  decision: ApprovalDecision,
): Promise<boolean> {
  const stored = await redis.set(
    decisionKey(request.runId, request.callId),
    JSON.stringify(decision),
    "EX",
    KEY_MARGIN_SECONDS,
    "NX",
  );
  if (stored !== "OK") return false;
  await redis.srem(pendingKey(request.runId), request.callId);
  return true;
}

/**
 * Marks the run's approvals as ended (a request opened after this sees it) and hands back the
 * calls still waiting, forgetting the run's pending set. Marking first means a request either
 * is in the set read here or sees the mark when it looks.
 */
export async function endRunApprovals(redis: RedisClient, runId: string): Promise<ApprovalRequest[]> {
  const results = await redis
    .multi()
    .set(endedKey(runId), "1", "EX", KEY_MARGIN_SECONDS)
    .smembers(pendingKey(runId))
    .del(pendingKey(runId))
    .exec();
  const callIds = (results?.[1]?.[1] as string[] | undefined) ?? [];
  if (callIds.length === 0) return [];
  const raw = await redis.mget(callIds.map((callId) => requestKey(runId, callId)));
  return raw.flatMap((value) => (value ? [ApprovalRequest.parse(JSON.parse(value))] : []));
}

export async function hasRunEnded(redis: RedisClient, runId: string): Promise<boolean> {
  return (await redis.exists(endedKey(runId))) === 1;
}

/** Wakes the gateway call waiting on this approval. */
export async function wakeApprovalWaiter(redis: RedisClient, request: ApprovalRequest): Promise<void> {
  const key = wakeKey(request.runId, request.callId);
  await redis.multi().lpush(key, "decided").expire(key, KEY_MARGIN_SECONDS).exec();
}

/** Blocks (on a connection of its own) until woken or the time is up; then returns whatever decision is stored. */
export async function waitForApprovalDecision(
  redis: RedisClient,
  request: ApprovalRequest,
  timeoutMs: number,
): Promise<ApprovalDecision | null> {
  const existing = await getApprovalDecision(redis, request.runId, request.callId);
  if (existing) return existing;
  const blocking = redis.duplicate();
  try {
    await blocking.blpop(wakeKey(request.runId, request.callId), Math.max(timeoutMs, 1) / 1000);
  } finally {
    blocking.disconnect();
  }
  return getApprovalDecision(redis, request.runId, request.callId);
}
