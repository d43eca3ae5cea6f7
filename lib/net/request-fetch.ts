/**
 * A fetch over undici's `request`: for the agent's calls to its own gateway (every tool call and listing of a run goes
 * through it), and for the guarded fetch of model APIs and HTTP Request nodes (guarded-fetch.ts), through the
 * dispatcher it is given. The Fetch API's machinery — a web stream for each body, its Request/Response checks — costs
 * ~0.25 ms of CPU per localhost call, about three times the round trip itself; this answers the same in a third of
 * the time. It speaks what those callers send: a method, headers, a string or bytes body (`sendsAsIs` tells), a
 * signal, and `redirect` "manual" or "error" (it never follows one: its callers follow redirects themselves). It asks
 * for no compression, so none needs undoing. An event stream stays a stream; any other answer is read whole. Failures
 * come as fetch's do — a TypeError whose `cause` has the socket's code — so callers (retrying-fetch.ts) read both
 * alike.
 */
import { STATUS_CODES } from "node:http";
import { request, type Dispatcher } from "undici";

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * The headers fetch would send where the caller names none: some servers refuse a request without a User-Agent
 * (GitHub's API does), and undici's fetch sends these two (and a string body's type, below).
 */
const FETCH_DEFAULTS = { accept: "*/*", "user-agent": "undici" };

function requestHeaders(init: RequestInit | undefined): Record<string, string> {
  const headers = new Headers(init?.headers);
  for (const [name, value] of Object.entries(FETCH_DEFAULTS)) if (!headers.has(name)) headers.set(name, value);
  // As fetch types a string body it is given without a type.
  if (typeof init?.body === "string" && !headers.has("content-type"))
    headers.set("content-type", "text/plain;charset=UTF-8");
  return Object.fromEntries(headers);
}

function responseHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

/** Whether `requestThrough` sends this body as it is (a string or bytes, or none). */
export const sendsAsIs = (body: unknown): boolean =>
  body === undefined || body === null || typeof body === "string" || body instanceof Uint8Array;

function requestBody(body: unknown): string | Uint8Array | undefined {
  if (sendsAsIs(body)) return (body as string | Uint8Array | null | undefined) ?? undefined;
  throw new TypeError("requestFetch sends a string or bytes body only");
}

/** What fetch would throw: the caller's abort reason, or a TypeError carrying the socket's error. */
function failure(error: unknown, signal: AbortSignal | undefined): unknown {
  return signal?.aborted ? signal.reason : new TypeError("fetch failed", { cause: error });
}

/** The answer as a Response of this runtime, with the URL it came from, as fetch's. */
function answerOf(input: string | URL, content: BodyInit | null, init: ResponseInit): Response {
  const response = new Response(content, init);
  Object.defineProperty(response, "url", { value: String(input) });
  return response;
}

/** `dispatcher`: the undici dispatcher the request goes through (the guarded fetch's checks its addresses). */
export async function requestThrough(
  dispatcher: Dispatcher | undefined,
  input: string | URL | Request,
  init?: RequestInit,
): Promise<Response> {
  if (input instanceof Request) throw new TypeError("requestFetch takes a URL, not a Request");
  const signal = init?.signal ?? undefined;
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(input, {
      method: (init?.method ?? "GET") as "GET",
      headers: requestHeaders(init),
      body: requestBody(init?.body),
      signal,
      dispatcher,
    });
  } catch (error) {
    throw failure(error, signal);
  }
  const { statusCode: status, body } = answer;
  const headers = responseHeaders(answer.headers);
  if (init?.redirect === "error" && status >= 300 && status < 400 && headers.has("location")) {
    await body.dump();
    throw new TypeError("fetch failed", { cause: new Error(`redirected to ${headers.get("location")}`) });
  }
  const statusText = STATUS_CODES[status] ?? "";
  if (NULL_BODY_STATUSES.has(status)) {
    await body.dump();
    return answerOf(input, null, { status, statusText, headers });
  }
  // An event stream may stay open for long: it is passed on as it comes (undici's body is async-iterable).
  const streamed = headers.get("content-type")?.startsWith("text/event-stream") === true;
  const content = streamed
    ? (body as unknown as ReadableStream<Uint8Array>)
    : await body.arrayBuffer().catch((error) => Promise.reject(failure(error, signal)));
  return answerOf(input, content, { status, statusText, headers });
}

export const requestFetch = ((input: string | URL | Request, init?: RequestInit) =>
  requestThrough(undefined, input, init)) as typeof fetch;
