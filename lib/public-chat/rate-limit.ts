/**
 * The public chat's own rate limits, counted in Redis (shared by every web process) with rate-limiter-flexible:
 * messages per minute per visitor, and per minute for the whole chat, as its settings say. A message takes a point
 * from both; a refusal says how long to wait (Retry-After).
 */
import "server-only";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { sharedRedis } from "../queue/redis";

const WINDOW_SECONDS = 60;
const limiters = new Map<string, RateLimiterRedis>();

/** One limiter per scope and limit, so an editor's new limit counts afresh; in memory while Redis is away. */
function limiter(scope: "visitor" | "chat", points: number): RateLimiterRedis {
  const key = `${scope}:${points}`;
  let found = limiters.get(key);
  if (!found) {
    const counting = { keyPrefix: `public-chat:${scope}:${points}`, points, duration: WINDOW_SECONDS };
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

/** A 429 that says how long to wait, in words and in Retry-After. */
export const tooMany = (message: string, retryAfterSeconds: number): Response =>
  Response.json(
    { error: message, code: "too-many" },
    { status: 429, headers: { "retry-after": String(retryAfterSeconds) } },
  );
