/**
 * Recording run events. Each event's `seq` is allocated in PostgreSQL, in the same statement that
 * stores it (the Run row's `lastSeq` counter), so seqs stay dense and unique across processes and
 * survive a Redis restart. The stored event is then appended to the run's Redis stream for live
 * tails; a tail that sees seqs out of order fills the gap from the database (lib/runs/read-events.ts).
 * A recorder serialises its own events, so one writer's events are stored in the order it made them.
 */
import type { Redis } from "ioredis";
import { getDb } from "../db/client";
import { RunEventInput, type RunEvent } from "./events";

export const STREAM_TTL_SECONDS = 24 * 60 * 60;
export const eventStreamKey = (runId: string) => `run:${runId}:events`;

export type EventRecorder = (event: RunEventInput) => Promise<RunEvent>;

export function createEventRecorder(redis: Redis, runId: string): EventRecorder {
  let last: Promise<unknown> = Promise.resolve();
  return (event) => {
    const next = last.then(() => recordEvent(redis, runId, event));
    last = next.catch(() => undefined);
    return next;
  };
}

/** Allocates the next seq of the run and stores the event, in one round trip. */
async function storeEvent(runId: string, event: RunEventInput): Promise<{ seq: number; at: Date }> {
  const rows = await getDb().$queryRaw<{ seq: number; createdAt: Date }[]>`
    WITH allocated AS (UPDATE "Run" SET "lastSeq" = "lastSeq" + 1 WHERE id = ${runId} RETURNING "lastSeq")
    INSERT INTO "RunEvent" ("runId", seq, type, payload)
    SELECT ${runId}, "lastSeq", ${event.type}, ${JSON.stringify(event.payload)}::jsonb FROM allocated
    RETURNING seq, "createdAt"`;
  if (rows.length === 0) throw new Error(`Run ${runId} does not exist: cannot record its ${event.type} event`);
  return { seq: rows[0].seq, at: rows[0].createdAt };
}

async function recordEvent(redis: Redis, runId: string, input: RunEventInput): Promise<RunEvent> {
  const event = RunEventInput.parse(input);
  const { seq, at } = await storeEvent(runId, event);
  const stored: RunEvent = { ...event, runId, seq, at: at.toISOString() };
  try {
    await redis
      .multi()
      .xadd(eventStreamKey(runId), "MAXLEN", "~", "10000", "*", "event", JSON.stringify(stored))
      .expire(eventStreamKey(runId), STREAM_TTL_SECONDS)
      .exec();
  } catch (error) {
    // Stored is what counts; live tails read a missed event back from the database.
    console.warn(`run ${runId}: event ${seq} stored but not streamed (${error instanceof Error ? error.message : String(error)})`);
  }
  return stored;
}
