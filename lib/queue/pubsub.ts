/**
 * Publish and subscribe, the same way on one server and on a cluster. A cluster's classic PUBLISH reaches every node;
 * its sharded pub/sub (SPUBLISH/SSUBSCRIBE) stays on the node owning the channel's slot, so live events and tool
 * replies scale with the cluster. A single server keeps classic pub/sub.
 */
import { Cluster } from "ioredis";
import type { RedisClient } from "./redis";

export async function publish(redis: RedisClient, channel: string, message: string): Promise<void> {
  if (redis instanceof Cluster) await redis.spublish(channel, message);
  else await redis.publish(channel, message);
}

export async function subscribe(subscriber: RedisClient, channel: string): Promise<void> {
  if (subscriber instanceof Cluster) await subscriber.ssubscribe(channel);
  else await subscriber.subscribe(channel);
}

export async function unsubscribe(subscriber: RedisClient, channel: string): Promise<void> {
  if (subscriber instanceof Cluster) await subscriber.sunsubscribe(channel);
  else await subscriber.unsubscribe(channel);
}

/** Calls `listener` with each message the subscriber receives, whichever kind of pub/sub carried it. */
export function onMessage(subscriber: RedisClient, listener: (channel: string, message: string) => void): void {
  subscriber.on(subscriber instanceof Cluster ? "smessage" : "message", listener);
}
