/**
 * Handing a run's tools to an agent outside Switchboard (Claude Desktop, Cursor, a script): the
 * External Agent node mints a gateway token scoped to the tools wired into it, keeps it in Redis
 * (never in run events: only editors may fetch it, through their own route), and waits until
 * someone presses Done (a wait of the run's own: lib/runs/end-wait.ts). Ending the node revokes the
 * token at once, whatever its `exp`.
 */
import { z } from "zod";
import { runKey, type RedisClient } from "../queue/redis";

const handoffKey = (runId: string, nodeId: string) => runKey(runId, `external:${nodeId}`);

export const Handoff = z.object({ url: z.string(), token: z.string(), expiresAt: z.string() });
export type Handoff = z.infer<typeof Handoff>;

export async function storeHandoff(
  redis: RedisClient,
  runId: string,
  nodeId: string,
  handoff: Handoff,
  ttlSeconds: number,
): Promise<void> {
  await redis.set(handoffKey(runId, nodeId), JSON.stringify(handoff), "EX", ttlSeconds);
}

export async function readHandoff(redis: RedisClient, runId: string, nodeId: string): Promise<Handoff | null> {
  const raw = await redis.get(handoffKey(runId, nodeId));
  return raw ? Handoff.parse(JSON.parse(raw)) : null;
}

export async function dropHandoff(redis: RedisClient, runId: string, nodeId: string): Promise<void> {
  await redis.del(handoffKey(runId, nodeId));
}
