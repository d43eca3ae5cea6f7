/**
 * fetch for the agent's gateway connection that rides out a web app restart: a refused or reset
 * connection, or a 502/503/504 from a proxy in front, means the request never reached a live
 * gateway, so it is sent again with backoff for a bounded time (SWITCHBOARD_GATEWAY_RETRY_MS,
 * default 20 s). Anything else — including a gateway that answered with an error — passes through.
 * The MCP transport hands every request the same signal, and fetch leaves an abort listener on a
 * request's signal until it is garbage-collected: each request is sent with a signal of its own,
 * linked to the transport's until the answer is back (for an event stream, for good: closing the
 * connection must still cut it), so listeners never pile up on the shared one.
 */
import { childSignal } from "../platform/child-signal";

const RETRY_STATUSES = new Set([502, 503, 504]);
const TRANSIENT_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CONNECT_TIMEOUT", "ENOTFOUND", "EAI_AGAIN"]);

function isTransient(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return error instanceof TypeError && (cause?.code === undefined || TRANSIENT_CODES.has(cause.code));
}

const sleep = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

export function retryingFetch(budgetMs = Number(process.env.SWITCHBOARD_GATEWAY_RETRY_MS ?? 20_000), base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const deadline = Date.now() + budgetMs;
    const linked = init?.signal ? childSignal(init.signal) : undefined;
    const signal = linked?.signal ?? init?.signal;
    let streaming = false;
    try {
      for (let attempt = 0; ; attempt++) {
        const delay = Math.min(2_000, 100 * 2 ** attempt);
        try {
          const response = await base(input, { ...init, signal });
          if (!RETRY_STATUSES.has(response.status) || Date.now() + delay > deadline) {
            streaming = response.headers.get("content-type")?.startsWith("text/event-stream") === true;
            return response;
          }
          await response.body?.cancel().catch(() => undefined);
        } catch (error) {
          if (!isTransient(error) || signal?.aborted || Date.now() + delay > deadline) throw error;
        }
        await sleep(delay, signal);
      }
    } finally {
      if (!streaming) linked?.dispose();
    }
  };
}
