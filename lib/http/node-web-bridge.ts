/**
 * Between Node's HTTP server and Web-standard route handlers (a `Request` in, a `Response` out):
 * what npm start's web process uses to serve its hot routes itself (lib/platform/web-server.ts), and
 * what tests use to serve route handlers without a Next build (lib/testing/serve-web-handler.ts).
 */
import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

/** The request as a route handler sees it; its signal aborts when the client goes away mid-response. */
export function toWebRequest(req: IncomingMessage, res: ServerResponse, base: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
  }
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", base), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    signal: controller.signal,
    // @ts-expect-error Node's fetch needs this for streamed request bodies.
    duplex: "half",
  });
}

/** How long a connection whose body was cut short stays open for its client to read the answer. */
export const BODY_LINGER_MS = 2_000;

function lingerThenClose(res: ServerResponse): void {
  res.req.resume();
  res.once("finish", () => setTimeout(() => res.socket?.destroy(), BODY_LINGER_MS).unref());
}

/**
 * Writes the handler's answer, its body streamed as it comes (an event stream stays open). `linger`: an answer given
 * before the body was read whole keeps the connection a moment, dropping the rest (npm start's server, where a client
 * may still be sending); otherwise it closes the connection at once.
 */
export async function writeWebResponse(response: Response, res: ServerResponse, linger = false): Promise<void> {
  const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
  // joined into one line by the Headers iterator, which a cookie must never be
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  // An answer given before the body was read whole (a refusal for its size, say): this connection carries nothing
  // more. Connection: close makes Node close the socket at once, and a client still sending gets a reset instead of
  // the answer; lingering, the rest of the body is dropped for a moment, then the connection goes.
  if (!res.req.complete) {
    if (linger) lingerThenClose(res);
    else headers.connection = "close";
  }
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  res.once("close", () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // A slow reader holds the stream back instead of piling its body up in memory; one that has gone away ends it.
    if (!res.write(value)) await Promise.race([once(res, "drain"), once(res, "close")]);
  }
  res.end();
}
