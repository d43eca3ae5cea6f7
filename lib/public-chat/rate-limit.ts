/**
 * The public chat's own rate limits, counted in Redis (shared by every web process) with rate-limiter-flexible:
 * messages per minute per visitor, and per minute for the whole chat, as its settings say. A message takes a point
 * from both. A new visitor session or conversation takes one from its address's hourly allowance
 * (SWITCHBOARD_PUBLIC_CHAT_SESSIONS_PER_HOUR, default 30), so fresh sessions cannot dodge the per-visitor limit.
 * A refusal says how long to wait (Retry-After).
 */
import "server-only";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { sharedRedis } from "../queue/redis";

const WINDOW_SECONDS = 60;
const SESSION_WINDOW_SECONDS = 3600;
const limiters = new Map<string, RateLimiterRedis>();

/** How many new sessions or conversations one address may open per chat in an hour. */
export function sessionsPerHour(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SWITCHBOARD_PUBLIC_CHAT_SESSIONS_PER_HOUR);
  return Number.isInteger(value) && value > 0 ? value : 30;
}

/** One limiter per scope and limit, so an editor's new limit counts afresh; in memory while Redis is away. */
function limiter(scope: "visitor" | "chat" | "address", points: number, duration = WINDOW_SECONDS): RateLimiterRedis {
  const key = `${scope}:${points}`;
  let found = limiters.get(key);
  if (!found) {
    const counting = { keyPrefix: `public-chat:${scope}:${points}`, points, duration };
    found = new RateLimiterRedis({
      storeClient: sharedRedis(),
      ...counting,
      insuranceLimiter: new RateLimiterMemory(counting),
    });
    limiters.set(key, found);
  }
  return found;
}

export type RateRefusal = { retryAfterSeconds: number; message: string };

async function take(limit: RateLimiterRedis, key: string): Promise<number | null> {
  try {
    await limit.consume(key);
    return null;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
    throw refusal;
  }
}

export type ChatLimits = { workflowId: string; messagesPerMinute: number; visitorMessagesPerMinute: number };

/** Takes a message's points; null when it may go, else how long to wait. */
export async function takeMessagePoint(chat: ChatLimits, visitorId: string): Promise<RateRefusal | null> {
  const visitorWait = await take(limiter("visitor", chat.visitorMessagesPerMinute), `${chat.workflowId}:${visitorId}`);
  if (visitorWait !== null)
    return {
      retryAfterSeconds: visitorWait,
      message:
        `You are sending messages too fast (at most ${chat.visitorMessagesPerMinute} a minute): ` +
        `try again in ${visitorWait} s`,
    };
  const chatWait = await take(limiter("chat", chat.messagesPerMinute), chat.workflowId);
  if (chatWait !== null)
    return {
      retryAfterSeconds: chatWait,
      message: `This chat is busy (at most ${chat.messagesPerMinute} messages a minute): try again in ${chatWait} s`,
    };
  return null;
}

/** Takes a point of the address's hourly allowance of new sessions and conversations; null when it may go. */
export async function takeSessionPoint(workflowId: string, address: string): Promise<RateRefusal | null> {
  const allowed = sessionsPerHour();
  const wait = await take(limiter("address", allowed, SESSION_WINDOW_SECONDS), `${workflowId}:${address}`);
  if (wait === null) return null;
  return {
    retryAfterSeconds: wait,
    message:
      `Too many new chats from your address (at most ${allowed} an hour): go on with the one you have, or try ` +
      `again in ${wait} s`,
  };
}

/** A 429 that says how long to wait, in words and in Retry-After. */
export const tooMany = (message: string, retryAfterSeconds: number): Response =>
  Response.json(
    { error: message, code: "too-many" },
    { status: 429, headers: { "retry-after": String(retryAfterSeconds) } },
  );
