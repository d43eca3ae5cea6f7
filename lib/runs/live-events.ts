/**
 * Live run events over Redis pub/sub. A recorder publishes each stored batch on the run's channel
 * (one PUBLISH per batch); each process keeps ONE subscriber connection, shared by every SSE
 * stream it serves, and fans a message out to the streams watching that run. PostgreSQL is the
 * log: pub/sub is only the prompt nudge, and a reader fills whatever it missed (a reconnect, a
 * message that came before it subscribed) from the database (ordered-delivery.ts).
 */
import { onMessage, publish, subscribe, unsubscribe } from "../queue/pubsub";
import { createSubscriber, runKey, type RedisClient } from "../queue/redis";
import type { RunEvent } from "./events";

const channelOf = (runId: string) => runKey(runId, "events");
const PREFIX = "run:{";
const SUFFIX = "}:events";

export async function publishEvents(redis: RedisClient, runId: string, events: RunEvent[]): Promise<void> {
  await publish(redis, channelOf(runId), JSON.stringify(events));
}

type Listener = (events: RunEvent[]) => void;
type Hub = { connection: RedisClient; listeners: Map<string, Set<Listener>> };

// On globalThis so every Next bundle in the process shares one connection.
const holder = globalThis as unknown as { switchboardLiveEvents?: Hub };

function hub(): Hub {
  if (holder.switchboardLiveEvents) return holder.switchboardLiveEvents;
  const listeners = new Map<string, Set<Listener>>();
  const connection = createSubscriber(); // ioredis re-subscribes after a reconnect
  onMessage(connection, (channel, message) => {
    const watchers = listeners.get(channel.slice(PREFIX.length, -SUFFIX.length));
    if (!watchers) return;
    const events = JSON.parse(message) as RunEvent[];
    for (const listener of watchers) listener(events);
  });
  holder.switchboardLiveEvents = { connection, listeners };
  return holder.switchboardLiveEvents;
}

/**
 * Calls `listener` with each batch published for the run from the moment this resolves; the returned function stops it.
 */
export async function watchRunEvents(runId: string, listener: Listener): Promise<() => void> {
  const { connection, listeners } = hub();
  let watchers = listeners.get(runId);
  if (!watchers) {
    watchers = new Set();
    listeners.set(runId, watchers);
  }
  watchers.add(listener);
  if (watchers.size === 1) await subscribe(connection, channelOf(runId));
  return () => {
    const current = listeners.get(runId);
    if (!current?.delete(listener) || current.size > 0) return;
    listeners.delete(runId);
    void unsubscribe(connection, channelOf(runId)).catch(() => undefined);
  };
}
