/**
 * A request that was answered with a status saying it failed (4xx, 5xx), carrying that status and
 * how long the server asked callers to wait (`Retry-After`), so a retry can honour it.
 */

export class HttpStatusError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** From `Retry-After` (seconds or an HTTP date), when the server sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "HttpStatusError";
  }
}

/**
 * `Retry-After` in milliseconds: a number of seconds, or an HTTP date (from `now`); undefined when absent or
 * unreadable.
 */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Statuses at which a server's Retry-After is honoured: too many requests, unavailable for now. */
export const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** Duck-typed, so a copy of this class from another bundle still counts. */
const isHttpStatusError = (error: unknown): error is HttpStatusError =>
  error instanceof Error && error.name === "HttpStatusError" && typeof (error as HttpStatusError).status === "number";

/** The wait a failure asks for through Retry-After, when it is an HTTP 429 or 503 that sent one. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!isHttpStatusError(error) || !RETRY_AFTER_STATUSES.has(error.status)) return undefined;
  return error.retryAfterMs;
}

/** The HTTP status a failure carries, if it was one. */
export const statusOf = (error: unknown): number | undefined => (isHttpStatusError(error) ? error.status : undefined);
