/**
 * Trying a node's work again after it fails, as its `data.retry` says (lib/workflow/resilience.ts):
 * up to maxTries tries, waiting waitMs (doubled per try when exponential) between them, or longer
 * when an HTTP 429/503 asked for it with Retry-After — never longer than MAX_RETRY_WAIT_MS. The
 * setting is the person's consent to repeat the work, so any node that has one is retried, whatever
 * its component's `harmlessToRepeat` says (that is about resuming after a worker died: repeat-safety.ts).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { retryAfterOf } from "../net/http-status-error";
import { backoffWait, type NodeRetry } from "../workflow/resilience";
import { MAX_RETRY_WAIT_MS } from "../workflow/constants";

/** One failed try about to be followed by another: `attempt` is the try that comes next (2 for the first retry). */
export type RetryNotice = { attempt: number; error: string; waitMs: number };

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * How long to wait after try `attempt` failed with `error`: the backoff, or the server's Retry-After when it asks for
 * longer; capped.
 */
export function retryWait(retry: NodeRetry, attempt: number, error: unknown): number {
  const asked = retryAfterOf(error);
  const planned = backoffWait(retry, attempt);
  return asked === undefined ? planned : Math.min(MAX_RETRY_WAIT_MS, Math.max(planned, asked));
}

/**
 * Runs `tryOnce` until it succeeds or the tries run out (then its last error is thrown). Before each
 * wait `onRetry` hears about it (an event); a signal that aborts ends the wait and the tries at once.
 */
export async function withRetries<T>(
  retry: NodeRetry | undefined,
  tryOnce: (attempt: number) => Promise<T>,
  {
    signal,
    onRetry,
    isFinal,
  }: {
    signal: AbortSignal;
    onRetry: (notice: RetryNotice) => Promise<void> | void;
    /** What is no failure to try again: a node that suspends to wait. */
    isFinal?: (error: unknown) => boolean;
  },
): Promise<T> {
  const maxTries = retry?.maxTries ?? 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await tryOnce(attempt);
    } catch (error) {
      if (!retry || attempt >= maxTries || signal.aborted || isFinal?.(error)) throw error;
      const waitMs = retryWait(retry, attempt, error);
      await onRetry({ attempt: attempt + 1, error: errorMessage(error), waitMs });
      await sleep(waitMs, undefined, { signal }).catch(() => signal.throwIfAborted());
    }
  }
}
