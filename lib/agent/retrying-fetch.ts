/**
 * fetch for the agent's gateway connection that rides out a web app restart: a refused or reset
 * connection, or a 502/503/504 from a proxy in front, means the request never reached a live
 * gateway, so it is sent again with backoff for a bounded time (SWITCHBOARD_GATEWAY_RETRY_MS,
 * default 20 s). Anything else — including a gateway that answered with an error — passes through.
 * Each request gets a signal of its own (own-signal-fetch.ts): the transport's one would collect a
 * listener per request. Requests go out over undici's request API (lib/net/request-fetch.ts), not fetch.
 */
import { ownSignalFetch } from "../platform/own-signal-fetch";
import { requestFetch } from "../net/request-fetch";

const RETRY_STATUSES = new Set([502, 503, 504]);
const TRANSIENT_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

function isTransient(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return error instanceof TypeError && (cause?.code === undefined || TRANSIENT_CODES.has(cause.code));
}

const sleep = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

export function retryingFetch(
  budgetMs = Number(process.env.SWITCHBOARD_GATEWAY_RETRY_MS ?? 20_000),
  base: typeof fetch = requestFetch,
): typeof fetch {
  return ownSignalFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
    const deadline = Date.now() + budgetMs;
    for (let attempt = 0; ; attempt++) {
      const delay = Math.min(2_000, 100 * 2 ** attempt);
      try {
        const response = await base(input, init);
        if (!RETRY_STATUSES.has(response.status) || Date.now() + delay > deadline) return response;
        await response.body?.cancel().catch(() => undefined);
      } catch (error) {
        if (!isTransient(error) || init?.signal?.aborted || Date.now() + delay > deadline) throw error;
      }
      await sleep(delay, init?.signal);
    }
  });
}
