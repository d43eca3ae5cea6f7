/**
 * fetch for requests a workflow makes (HTTP Request nodes, model APIs): every hop is checked against
 * the address policy — the connection itself goes through a DNS lookup that refuses forbidden
 * answers, so a name cannot be re-pointed between the check and the connect — redirects are
 * followed by hand (at most 5) and each one checked again, credentials are not carried to another
 * origin, and a secret restricted to some hosts is refused on its way anywhere else.
 */
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from "undici";
import { addressPolicy, AddressRefusedError, checkUrl, type AddressPolicy } from "./address-policy";
import { guardedLookup } from "./guarded-lookup";
import { requestThrough, sendsAsIs } from "./request-fetch";
import { checkRequestSecrets, type OutboundSecret } from "../secrets/secret-destination";
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
} from "@opentelemetry/semantic-conventions";
import { inSpan, markFailed, SpanKind, withTraceHeaders } from "../telemetry/spans";

export type GuardOptions = {
  policy?: AddressPolicy;
  secrets?: OutboundSecret[];
  /** Origins reached without the address check (this Switchboard's own, for relative URLs). */
  trustedOrigins?: string[];
  maxRedirects?: number;
};

const agents = new Map<string, Agent>();

/** An undici Agent whose connections only ever go to addresses the policy allows. */
function guardedAgent(policy: AddressPolicy): Agent {
  const key = JSON.stringify(policy);
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({ connect: { lookup: guardedLookup(policy) as never } });
    agents.set(key, agent);
  }
  return agent;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Model APIs' key headers too: Gemini's x-goog-api-key, Azure OpenAI's api-key.
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization", "x-api-key", "x-goog-api-key", "api-key"];

/**
 * The request as an HTTP client span (method, host and port, status; never the URL, whose query may hold a key), with
 * the trace context on every hop it makes.
 */
export function guardedFetch(
  input: string | URL,
  init: RequestInit = {},
  options: GuardOptions = {},
): Promise<Response> {
  const target = new URL(input);
  const method = (init.method ?? "GET").toUpperCase();
  const attributes = {
    [ATTR_HTTP_REQUEST_METHOD]: method,
    [ATTR_SERVER_ADDRESS]: target.hostname,
    [ATTR_SERVER_PORT]: Number(target.port) || (target.protocol === "https:" ? 443 : 80),
  };
  return inSpan(method, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    const response = await followGuarded(target, init, options);
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, response.status);
    if (response.status >= 400) markFailed(span, `HTTP ${response.status}`);
    return response;
  });
}

async function followGuarded(input: URL, init: RequestInit, options: GuardOptions): Promise<Response> {
  const policy = options.policy ?? addressPolicy();
  const trusted = new Set(options.trustedOrigins ?? []);
  let url = new URL(input);
  let request: RequestInit = { ...init };
  for (let hop = 0; hop <= (options.maxRedirects ?? 5); hop++) {
    const isTrusted = trusted.has(url.origin);
    if (!isTrusted) await checkUrl(url.href, policy);
    checkRequestSecrets(url, request, options.secrets ?? []);
    const dispatcher = isTrusted || policy.allowPrivate ? undefined : guardedAgent(policy);
    const response = await send(url, { ...request, headers: withTraceHeaders(request.headers) }, dispatcher);
    const location = response.headers.get("location");
    if (!REDIRECTS.has(response.status) || !location) return response;
    await response.body?.cancel().catch(() => undefined);
    const next = new URL(location, url);
    const headers = new Headers(request.headers);
    if (next.origin !== url.origin) for (const name of CREDENTIAL_HEADERS) headers.delete(name);
    const becomesGet =
      response.status === 303 ||
      ((response.status === 301 || response.status === 302) && request.method?.toUpperCase() === "POST");
    request = { ...request, headers, ...(becomesGet ? { method: "GET", body: undefined } : {}) };
    url = next;
  }
  throw new AddressRefusedError(`${input}: more than ${options.maxRedirects ?? 5} redirects`);
}

/**
 * One hop, not followed. A string or bytes body goes over undici's `request` (request-fetch.ts: a third of fetch's
 * CPU, which an agent's every model call pays); a stream or form body, or a caller who asked for compression (fetch
 * would undo it), over undici's fetch.
 */
async function send(url: URL, init: RequestInit, dispatcher: Agent | undefined): Promise<Response> {
  if (sendsAsIs(init.body) && !new Headers(init.headers).has("accept-encoding"))
    return requestThrough(dispatcher, url, { ...init, redirect: "manual" });
  const undiciInit = { ...init, redirect: "manual", dispatcher } as UndiciRequestInit;
  return (await undiciFetch(url, undiciInit)) as unknown as Response;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * The answer as this runtime's own Response: undici's package has a Response class of its own, and
 * libraries test `instanceof Response` (the MCP SDK reads an OAuth error's body only then, and
 * would take a refused refresh token for a server error).
 */
function asGlobalResponse(response: Response): Response {
  if ((response as unknown) instanceof Response) return response; // typed as one, but built by undici
  const body = NULL_BODY_STATUSES.has(response.status) ? null : response.body;
  const answer = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperty(answer, "url", { value: response.url });
  return answer;
}

/**
 * A fetch with the guard built in, for libraries that take one (the AI SDK's providers, the MCP SDK's OAuth client).
 */
export function guardedFetchFor(options: GuardOptions = {}): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) =>
    asGlobalResponse(await guardedFetch(input instanceof Request ? input.url : input, init, options))) as typeof fetch;
}
