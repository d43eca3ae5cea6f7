/**
 * What a node does when its work fails, as data on the node (the graph contract): `data.retry`
 * (how many tries, how long between them) and `data.onError` (stop the run, hand the error on, or
 * route it down an `error` handle). Pure: the compiler and the worker share it; the editor reads its limits from
 * constants.ts.
 */
import { z } from "zod";
import { MAX_RETRY_WAIT_MS, MAX_TRIES } from "./constants";

export const RetryBackoff = z.enum(["fixed", "exponential"]);
export type RetryBackoff = z.infer<typeof RetryBackoff>;

export const NodeRetry = z.object({
  maxTries: z
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(MAX_TRIES, `must be at most ${MAX_TRIES}`),
  waitMs: z
    .number()
    .int("must be a whole number of milliseconds")
    .min(0, "must not be negative")
    .max(MAX_RETRY_WAIT_MS, `must be at most ${MAX_RETRY_WAIT_MS} ms`)
    .default(1000),
  backoff: RetryBackoff.default("fixed"),
});
export type NodeRetry = z.infer<typeof NodeRetry>;

export const ON_ERROR_CHOICES = ["stop", "continue", "errorOutput"] as const;
export const OnError = z.enum(ON_ERROR_CHOICES, { message: `must be one of ${ON_ERROR_CHOICES.join(", ")}` });
export type OnError = z.infer<typeof OnError>;

/**
 * What a failed node hands on (`continue`, or down its `error` handle): the message, and the HTTP status when there was
 * one.
 */
export type NodeErrorValue = { message: string; nodeId: string; status?: number };

/** A node's resilience settings as the compiled plan carries them (absent = today's behaviour: one try, stop). */
export type NodeResilience = { retry?: NodeRetry; onError?: Exclude<OnError, "stop"> };

/** The wait before try `attempt + 1` after try `attempt` failed: waitMs, doubled per try when exponential, capped. */
export function backoffWait(retry: NodeRetry, attempt: number): number {
  const factor = retry.backoff === "exponential" ? 2 ** (attempt - 1) : 1;
  return Math.min(MAX_RETRY_WAIT_MS, retry.waitMs * factor);
}
