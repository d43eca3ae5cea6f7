import { runKey, type RedisClient } from "../queue/redis";
/**
 * A call's record trails its answer: the gateway answers the caller, then writes the call's events
 * and audit row (~1–2 ms of commit the agent no longer waits for). What keeps that safe is this
 * count of records a run still owes, held in Redis from just before the answer leaves until the
 * record is stored: a run's end waits for it to reach zero, so a record is never refused for
 * arriving after the run's last event, and a call the agent saw is always in the run's log.
 * A gateway that dies between answer and record leaves its count to expire; the end waits at most
 * END_WAIT_MS for it.
 */

const pendingKey = (runId: string) => runKey(runId, "pending-call-records");
/** A count left by a gateway that died mid-record outlives no run by long. */
const PENDING_TTL_SECONDS = 60;
const END_WAIT_MS = 3_000;
const POLL_MS = 2;

/** Counts one record the run owes; awaited before the answer is sent. */
export async function holdRunEnd(redis: RedisClient, runId: string): Promise<void> {
  await redis.multi().incr(pendingKey(runId)).expire(pendingKey(runId), PENDING_TTL_SECONDS).exec();
}

/** How long a call may hold its run's end while it goes on (see holdWhileCalling). */
export const EARLY_HOLD_MS = 1_000;

export type EarlyHold = {
  /** After the answer: true when the early hold still stands, so the record may go behind it; false otherwise. */
  claim: () => Promise<boolean>;
};

/**
 * Holds the run's end from the moment a call goes out, so the hold's round trip to Redis overlaps the call's instead
 * of delaying its answer. A call still going after EARLY_HOLD_MS lets go (a run ending meanwhile — a cancel — must not
 * wait on a slow tool or a person) and is held again once it has its answer, as a slow call always was.
 */
export function holdWhileCalling(redis: RedisClient, runId: string): EarlyHold {
  const held = holdRunEnd(redis, runId).then(
    () => true,
    () => false,
  );
  let letGo = false;
  const timer = setTimeout(() => {
    letGo = true;
    void held.then((holding) => (holding ? releaseRunEnd(redis, runId) : undefined)).catch(() => undefined);
  }, EARLY_HOLD_MS);
  return {
    claim: async () => {
      clearTimeout(timer);
      return letGo ? false : held;
    },
  };
}

/** The record is stored (or could not be): the run owes one fewer. */
export async function releaseRunEnd(redis: RedisClient, runId: string): Promise<void> {
  await redis.decr(pendingKey(runId));
}

/**
 * Waits until the run owes no call records, or `timeoutMs` has passed (a gateway died mid-record); then forgets the
 * count.
 */
export async function awaitCallRecords(redis: RedisClient, runId: string, timeoutMs = END_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Number(await redis.get(pendingKey(runId))) > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  await redis.del(pendingKey(runId));
}
