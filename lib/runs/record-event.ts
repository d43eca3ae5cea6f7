/**
 * Recording run events: each gets the next `seq` of its run (Redis INCR, so any process can
 * record), is stored in PostgreSQL, then appended to the run's Redis stream for live tails.
 * A recorder serialises its own events so they reach the stream in `seq` order.
 */
import type { Redis } from "ioredis";
import { getDb } from "../db/client";
import { asJson } from "../db/json";
import { RunEventInput, type RunEvent } from "./events";

export const STREAM_TTL_SECONDS = 24 * 60 * 60;
export const eventStreamKey = (runId: string) => `run:${runId}:events`;
const seqKey = (runId: string) => `run:${runId}:seq`;

export type EventRecorder = (event: RunEventInput) => Promise<RunEvent>;

export function createEventRecorder(redis: Redis, runId: string): EventRecorder {
  let last: Promise<unknown> = Promise.resolve();
  return (event) => {
    const next = last.then(() => recordEvent(redis, runId, event));
    last = next.catch(() => undefined);
    return next;
  };
}

async function recordEvent(redis: Redis, runId: string, input: RunEventInput): Promise<RunEvent> {
  const event = RunEventInput.parse(input);
  const seq = await redis.incr(seqKey(runId));
  const stored: RunEvent = { ...event, runId, seq, at: new Date().toISOString() };
  await getDb().runEvent.create({ data: { runId, seq, type: event.type, payload: asJson(event.payload) } });
  await redis
    .multi()
    .expire(seqKey(runId), STREAM_TTL_SECONDS)
    .xadd(eventStreamKey(runId), "MAXLEN", "~", "10000", "*", "event", JSON.stringify(stored))
    .expire(eventStreamKey(runId), STREAM_TTL_SECONDS)
    .exec();
  return stored;
}
