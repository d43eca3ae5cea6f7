/**
 * Serves Web-standard route handlers (the same functions Next.js calls) on a real HTTP port, so
 * integration tests exercise the real gateway and API routes over real sockets without a Next build.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

type RouteContext = { params: Promise<Record<string, string>> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response> | Response;
export type Route = { method: string; pattern: RegExp; handler: RouteHandler };

export type ServedRoutes = { url: string; close: () => Promise<void> };

function toRequest(req: IncomingMessage, res: ServerResponse, base: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort(); // the client went away mid-response
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

async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  res.once("close", () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

export async function serveRoutes(routes: Route[]): Promise<ServedRoutes> {
  let base = "";
  const server = createServer(async (req, res) => {
    try {
      const request = toRequest(req, res, base);
      const path = new URL(request.url).pathname;
      for (const route of routes) {
        const match = route.method === req.method ? route.pattern.exec(path) : null;
        if (match) return await writeResponse(await route.handler(request, { params: Promise.resolve(match.groups ?? {}) }), res);
      }
      res.writeHead(404).end();
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
