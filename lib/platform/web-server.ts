/**
 * npm start's web process: Next.js's request handler for pages, server actions and routes, except
 * the hot routes (lib/http/hot-routes.ts: the MCP gateway and starting a run), which are handed
 * straight to their handlers — the same functions from the same build, loaded through the route
 * module Next itself would run. Next's pipeline around a route handler cost 1.2–1.4 ms of CPU per
 * request on the 2-core bench machine, half of all the web process spent on a run (simple runs at
 * concurrency 32: 276–301 → 363–385 runs/s, web CPU 2.5–2.6 → 1.2 ms per run); a tool call saves
 * 0.6–0.9 ms. Both routes check Host, Origin, body size and their caller themselves, as they do
 * under Next (proxy.ts leaves them out for that reason); this server adds the security headers
 * proxy.ts gives every other answer, and judges every request line (its host, if it names one,
 * and its path and query) before Next or a hot route sees it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import next from "next";
import { internalError } from "../http/api-error";
import { forwardedFor } from "../http/client-address";
import { HOT_ROUTES, matchHotRoute } from "../http/hot-routes";
import { BODY_LINGER_MS, toWebRequest, writeWebResponse } from "../http/node-web-bridge";
import { capRequestBody } from "../http/node-body-cap";
import { checkRequestTarget, originForm, requestBodyLimit, type Refusal } from "../http/perimeter";
import { securityHeaderRecord } from "../http/security-headers";

type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response> | Response;
/** What a compiled app route exports: Next's module for it, whose `userland` is the route file's own exports. */
type CompiledRoute = { routeModule?: { ensureUserland(): Promise<void>; readonly userland: Record<string, unknown> } };

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const require = createRequire(import.meta.url);

/** The handlers a hot route's build exports, by method; a build without them cannot serve this server (rebuild it). */
async function compiledHandlers(dir: string, page: string): Promise<Map<string, RouteHandler>> {
  const file = path.join(dir, ".next", "server", "app", page, "route.js");
  let compiled: CompiledRoute;
  try {
    compiled = require(file) as CompiledRoute;
  } catch (error) {
    throw new Error(
      `The build has no route ${page} (${file}): run next build (npm start builds when .next is missing; ` +
        `SWITCHBOARD_REBUILD=1 forces it). ${(error as Error).message}`,
    );
  }
  if (!compiled.routeModule)
    throw new Error(`${file} is not an app route as this Next.js compiles one (no routeModule export)`);
  await compiled.routeModule.ensureUserland();
  const exported = compiled.routeModule.userland;
  const handlers = new Map(
    METHODS.filter((method) => typeof exported[method] === "function").map((method) => [
      method,
      exported[method] as RouteHandler,
    ]),
  );
  if (handlers.size === 0) throw new Error(`${file} exports no request handler`);
  return handlers;
}

/**
 * A request that failed past its handler's own error handling: logged by path (never its body), answered as the API
 * answers an internal error if nothing was sent yet.
 */
function answerFailure(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  if (refused.has(res)) return void res.destroy(); // Next gave up on a body this server cut off and answered
  console.error(`${req.method} ${req.url?.split("?")[0]} failed:`, error instanceof Error ? error.message : error);
  if (res.headersSent) return void res.destroy();
  setSecurityHeaders(res);
  void writeWebResponse(internalError(), res).catch(() => res.destroy());
}

/**
 * On the Node response, under whatever the handler's Response says (writeHead merges them); Next's answers get theirs
 * from proxy.ts.
 */
function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(securityHeaderRecord())) res.setHeader(name, value);
}

const refused = new WeakSet<ServerResponse>();

/**
 * Answers a refusal this server makes itself. Made while a body still streams in, the answer does
 * not say Connection: close — Node would close the socket at once, and a client still sending would
 * get a reset instead of the answer — but the rest of the body is dropped for a moment, then the
 * connection goes.
 */
function refuse(req: IncomingMessage, res: ServerResponse, refusal: Refusal): void {
  refused.add(res);
  if (res.headersSent) return void res.destroy();
  const midBody = !req.complete;
  const body = JSON.stringify({ error: refusal.message, code: refusal.code });
  setSecurityHeaders(res);
  res
    .writeHead(refusal.status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
    .end(body);
  if (midBody) setTimeout(() => req.socket.destroy(), BODY_LINGER_MS).unref();
}

/**
 * Next reads a body whole before its proxy or route runs: it is held here to the limit of where it goes, as it arrives.
 */
function capBodyForNext(req: IncomingMessage, res: ServerResponse, pathname: string): Refusal | null {
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD") return null;
  const limit = requestBodyLimit(method, pathname, req.headers["next-action"] !== undefined);
  const tooLarge: Refusal = {
    status: 413,
    code: "too-large",
    message: `The body is larger than the limit here (${limit} bytes)`,
  };
  if (Number(req.headers["content-length"] ?? 0) > limit) return tooLarge;
  capRequestBody(req, limit, () => refuse(req, res, tooLarge));
  return null;
}

async function serveHot(
  handler: RouteHandler,
  params: Record<string, string>,
  req: IncomingMessage,
  res: ServerResponse,
  base: string,
): Promise<void> {
  try {
    setSecurityHeaders(res);
    const response = await handler(toWebRequest(req, res, base), { params: Promise.resolve(params) });
    await writeWebResponse(response, res, true);
  } catch (error) {
    answerFailure(req, res, error);
  }
}

export type WebServer = { url: string; close: () => Promise<void> };

export async function startWebServer({
  hostname,
  port,
  dir = process.cwd(),
}: {
  hostname: string;
  port: number;
  dir?: string;
}): Promise<WebServer> {
  const app = next({ dev: false, dir, hostname, port });
  const nextHandler = app.getRequestHandler();
  await app.prepare();
  const hot = new Map(
    await Promise.all(HOT_ROUTES.map(async (route) => [route.page, await compiledHandlers(dir, route.page)] as const)),
  );
  const base = `http://${hostname === "0.0.0.0" || hostname === "::" ? "127.0.0.1" : hostname}:${port}`;

  const server: Server = createServer((req, res) => {
    // Before any URL is built from the request line: Next would redirect a foreign absolute-form
    // target (308) and fail on a path it cannot decode (500), and the hot routes never reach Next.
    const refusal = checkRequestTarget(req.url ?? "/");
    if (refusal) return refuse(req, res, refusal);
    const absolute = originForm(req.url ?? "/");
    if (absolute) [req.url, req.headers.host] = [absolute.target, absolute.host]; // as HTTP says: the line's host wins
    // The address limits are kept by (sign-in throttling) is the peer's, not one a client made up.
    req.headers["x-forwarded-for"] = forwardedFor(req.socket.remoteAddress, req.headers["x-forwarded-for"]);
    const pathname = (req.url ?? "/").split("?")[0];
    const matched = matchHotRoute(pathname);
    const handler = matched && hot.get(matched.route.page)?.get(req.method ?? "GET");
    if (matched && handler) return void serveHot(handler, matched.params, req, res, base);
    const oversized = capBodyForNext(req, res, pathname);
    if (oversized) return refuse(req, res, oversized);
    nextHandler(req, res).catch((error: unknown) => answerFailure(req, res, error));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, resolve);
  });
  return {
    url: base,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await app.close();
    },
  };
}
