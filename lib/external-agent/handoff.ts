/**
 * Handing a run's tools to an agent outside Switchboard (Claude Desktop, Cursor, a script): the
 * External Agent node mints a gateway token scoped to the tools wired into it, keeps it in Redis
 * (never in run events: only editors may fetch it, through their own route), and waits until
 * someone presses Done. Ending the node revokes the token at once, whatever its `exp`.
 */
import type { Redis } from "ioredis";
import { z } from "zod";

const handoffKey = (runId: string, nodeId: string) => `run:${runId}:external:${nodeId}`;
const doneKey = (runId: string, nodeId: string) => `run:${runId}:external:${nodeId}:done`;

export const Handoff = z.object({ url: z.string(), token: z.string(), expiresAt: z.string() });
export type Handoff = z.infer<typeof Handoff>;

export async function storeHandoff(
  redis: Redis,
  runId: string,
  nodeId: string,
  handoff: Handoff,
  ttlSeconds: number,
): Promise<void> {
  await redis.set(handoffKey(runId, nodeId), JSON.stringify(handoff), "EX", ttlSeconds);
}

export async function readHandoff(redis: Redis, runId: string, nodeId: string): Promise<Handoff | null> {
  const raw = await redis.get(handoffKey(runId, nodeId));
  return raw ? Handoff.parse(JSON.parse(raw)) : null;
}

/** Done: what the person (or their agent) answered becomes the node's output. False when nobody is waiting. */
export async function finishHandoff(redis: Redis, runId: string, nodeId: string, text: string): Promise<boolean> {
  if (!(await redis.exists(handoffKey(runId, nodeId)))) return false;
  await redis
    .multi()
    .lpush(doneKey(runId, nodeId), JSON.stringify({ text }))
    .expire(doneKey(runId, nodeId), 3600)
    .exec();
  return true;
}

/** Blocks (on a connection of its own) until Done, the time limit, or the signal; the answer's text, or null. */
export async function waitForDone(
  redis: Redis,
  runId: string,
  nodeId: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<string | null> {
  const blocking = redis.duplicate();
  const stop = () => blocking.disconnect();
  signal.addEventListener("abort", stop, { once: true });
  try {
    const popped = await blocking.blpop(doneKey(runId, nodeId), Math.max(timeoutMs, 1000) / 1000).catch(() => null);
    return popped ? (JSON.parse(popped[1]) as { text: string }).text : null;
  } finally {
    signal.removeEventListener("abort", stop);
    blocking.disconnect();
  }
}

export async function dropHandoff(redis: Redis, runId: string, nodeId: string): Promise<void> {
  await redis.del(handoffKey(runId, nodeId), doneKey(runId, nodeId));
}
