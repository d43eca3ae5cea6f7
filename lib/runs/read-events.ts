/**
 * Reading run events: replay from PostgreSQL, then tail the run's Redis stream. The stream
 * position is taken before the replay, so an event recorded in between is seen, and the reader
 * (ordered-delivery.ts) drops what it already delivered and fills gaps from the database.
 */
import type { Redis } from "ioredis";
import { getDb } from "../db/client";
import type { RunEvent } from "./events";
import { eventStreamKey } from "./record-event";

export async function listEvents(runId: string, afterSeq = 0): Promise<RunEvent[]> {
  const rows = await getDb().runEvent.findMany({ where: { runId, seq: { gt: afterSeq } }, orderBy: { seq: "asc" } });
  return rows.map((row) => ({ runId, seq: row.seq, type: row.type, payload: row.payload, at: row.createdAt.toISOString() }) as RunEvent);
}

/** The id of the newest entry in the run's stream ("0" when empty): where a tail should start. */
export async function streamPosition(redis: Redis, runId: string): Promise<string> {
  const [latest] = await redis.xrevrange(eventStreamKey(runId), "+", "-", "COUNT", 1);
  return latest?.[0] ?? "0";
}

/** The events appended after `cursor`, waiting up to `blockMs` for some; needs a connection of its own (XREAD blocks). */
export async function readStream(redis: Redis, runId: string, cursor: string, blockMs: number): Promise<{ events: RunEvent[]; cursor: string }> {
  const batch = await redis.xread("COUNT", 200, "BLOCK", blockMs, "STREAMS", eventStreamKey(runId), cursor);
  const events: RunEvent[] = [];
  let next = cursor;
  for (const [, entries] of batch ?? []) {
    for (const [id, fields] of entries) {
      next = id;
      events.push(JSON.parse(fields[1]) as RunEvent);
    }
  }
  return { events, cursor: next };
}
