/**
 * The perimeter every request crosses before anything else looks at it (proxy.ts for pages and
 * server actions, apiRoute() for route handlers): the Host must be one of ours (DNS rebinding),
 * a state-changing request must come from our own origin (CSRF; the Sec-Fetch-Site / Origin rule
 * of Go's CrossOriginProtection), API bodies must be JSON and not too large, and the path and query
 * string must be well-formed. Pure: reads only the request and the environment.
 */
export type Refusal = { status: 400 | 403 | 413 | 415 | 421; code: string; message: string };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const DEFAULT_BODY_LIMIT = 1024 * 1024;

function splitList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Names this app answers to: SWITCHBOARD_ALLOWED_HOSTS, else HOST, SWITCHBOARD_URL's host, localhost and 127.0.0.1. An
 * entry without a port allows any port.
 */
export function allowedHosts(env: NodeJS.ProcessEnv = process.env): string[] {
  const configured = splitList(env.SWITCHBOARD_ALLOWED_HOSTS);
  if (configured.length > 0) return configured;
  const hosts = ["localhost", "127.0.0.1", "[::1]"];
  if (env.HOST && env.HOST !== "0.0.0.0" && env.HOST !== "::") hosts.push(env.HOST.toLowerCase());
  if (env.SWITCHBOARD_URL) {
    try {
      hosts.push(new URL(env.SWITCHBOARD_URL).host.toLowerCase());
    } catch {
      // a malformed SWITCHBOARD_URL is reported where it is used
    }
  }
  return hosts;
}

function hostnameOf(host: string): string {
  return host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.replace(/:\d+$/, "");
}

export function isAllowedHost(host: string | null, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!host) return false;
  const wanted = host.trim().toLowerCase();
  return allowedHosts(env).some(
    (entry) => entry === wanted || (!/:\d+$/.test(entry.replace(/^\[[^\]]*\]/, "")) && entry === hostnameOf(wanted)),
  );
}

/** Extra origins allowed to post to us (a separate front end, say): SWITCHBOARD_ALLOWED_ORIGINS. */
function allowedOrigins(env: NodeJS.ProcessEnv): string[] {
  return splitList(env.SWITCHBOARD_ALLOWED_ORIGINS).map((origin) => origin.replace(/\/$/, ""));
}

function isOwnOrigin(origin: string, host: string | null, env: NodeJS.ProcessEnv): boolean {
  if (allowedOrigins(env).includes(origin.toLowerCase())) return true;
  try {
    return new URL(origin).host.toLowerCase() === host?.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Browsers say where a request comes from; requests without those headers are not from a browser page and carry no
 * ambient cookies to abuse.
 */
export function checkCrossSite(method: string, headers: Headers, env: NodeJS.ProcessEnv = process.env): Refusal | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const origin = headers.get("origin");
  const host = headers.get("host");
  const refusal: Refusal = {
    status: 403,
    code: "cross-site",
    message: "Cross-site requests are refused: send it from Switchboard's own pages or without a browser",
  };
  const site = headers.get("sec-fetch-site");
  if (site) {
    if (site === "same-origin" || site === "none") return null;
    return origin && allowedOrigins(env).includes(origin.toLowerCase()) ? null : refusal;
  }
  if (!origin || origin === "null") return origin === "null" ? refusal : null;
  return isOwnOrigin(origin, host, env) ? null : refusal;
}

function wrongHost(host: string): Refusal {
  return {
    status: 421,
    code: "wrong-host",
    message: `Host "${host}" is not one of this server's names; add it to SWITCHBOARD_ALLOWED_HOSTS`,
  };
}

export function checkHost(headers: Headers, env: NodeJS.ProcessEnv = process.env): Refusal | null {
  const host = headers.get("host");
  return isAllowedHost(host, env) ? null : wrongHost(host ?? "");
}

function checkEncoded(text: string, part: "path" | "query string"): Refusal | null {
  const code = part === "path" ? "bad-path" : "bad-query";
  let decoded: string;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    return { status: 400, code, message: `The ${part} has malformed %-encoding` };
  }
  return decoded.includes("\u0000") ? { status: 400, code, message: `The ${part} contains a NUL character` } : null;
}

/**
 * Path and query string must decode, and hold no NUL: a route, a database or a file name would each choke on one
 * differently.
 */
export function checkPath(url: string): Refusal | null {
  const target = url.replace(/^[a-z]+:\/\/[^/?#]*/i, "").split("#")[0];
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? "" : target.slice(queryAt + 1);
  return checkEncoded(path, "path") ?? checkEncoded(query, "query string");
}

/**
 * The request line as Node read it, before anything builds a URL from it. In absolute form
 * (`GET http://evil.example/ HTTP/1.1`) the line names its own host, which HTTP says wins over the
 * Host header (RFC 9112 §3.2.2): that host must be ours too, or the answer is 421, not a redirect.
 */
export function checkRequestTarget(target: string, env: NodeJS.ProcessEnv = process.env): Refusal | null {
  const host = originForm(target)?.host;
  if (host !== undefined && !isAllowedHost(host, env)) return wrongHost(host);
  return checkPath(target);
}

/**
 * An absolute-form target split into the host it names and the origin-form target (`/path?query`); null for any other
 * form.
 */
export function originForm(target: string): { host: string; target: string } | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)(.*)$/is.exec(target);
  if (!match) return null;
  const rest = match[2];
  return { host: match[1].slice(match[1].lastIndexOf("@") + 1), target: rest.startsWith("/") ? rest : `/${rest}` };
}

export function bodyLimit(kind: "default" | "workflow", env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(kind === "workflow" ? env.SWITCHBOARD_WORKFLOW_BODY_LIMIT : env.SWITCHBOARD_BODY_LIMIT);
  if (Number.isFinite(configured) && configured > 0) return configured;
  return kind === "workflow" ? 5 * DEFAULT_BODY_LIMIT : DEFAULT_BODY_LIMIT;
}

/** Routes that take a whole graph (creating a workflow, replacing or changing a draft) or a document (a PDF, say). */
const GRAPH_ROUTES: [method: string, path: RegExp][] = [
  ["POST", /^\/api\/workflows$/],
  ["PUT", /^\/api\/workflows\/[^/]+$/],
  ["PATCH", /^\/api\/workflows\/[^/]+$/],
  ["POST", /^\/api\/knowledge\/[^/]+\/documents$/],
];

/**
 * The most a request may send, by where it goes: a server action or a route that takes a graph the workflow limit
 * (5 MB), anything else the API's (1 MB).
 */
export function requestBodyLimit(
  method: string,
  pathname: string,
  isServerAction: boolean,
  env: NodeJS.ProcessEnv = process.env,
): number {
  const big =
    isServerAction ||
    GRAPH_ROUTES.some(([routeMethod, path]) => routeMethod === method.toUpperCase() && path.test(pathname));
  return bodyLimit(big ? "workflow" : "default", env);
}

function hasBody(headers: Headers): boolean {
  const length = headers.get("content-length");
  return length !== null ? Number(length) > 0 : headers.has("transfer-encoding");
}

/** An API route's body must be JSON (forms and text/plain are how cross-site pages post) and under the limit. */
export function checkApiBody(method: string, headers: Headers, limit: number): Refusal | null {
  if (SAFE_METHODS.has(method.toUpperCase()) || !hasBody(headers)) return null;
  const type = headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  if (type !== "application/json")
    return {
      status: 415,
      code: "unsupported-media-type",
      message: `Send the body as application/json (got ${type ? `"${type}"` : "no content type"})`,
    };
  const length = Number(headers.get("content-length") ?? 0);
  if (length > limit)
    return { status: 413, code: "too-large", message: `The body is ${length} bytes; the limit here is ${limit}` };
  return null;
}

/** Host, path and cross-site checks, in that order: the first refusal wins. */
export function checkRequest(request: Request, env: NodeJS.ProcessEnv = process.env): Refusal | null {
  return (
    checkHost(request.headers, env) ?? checkPath(request.url) ?? checkCrossSite(request.method, request.headers, env)
  );
}

export function refusalResponse(refusal: Refusal): Response {
  return Response.json({ error: refusal.message, code: refusal.code }, { status: refusal.status });
}
