/**
 * Serves Web-standard route handlers (the same functions Next.js calls) on a real HTTP port, so
 * integration tests exercise the real gateway and API routes over real sockets without a Next build.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { toWebRequest, writeWebResponse } from "../http/node-web-bridge";

type RouteContext = { params: Promise<Record<string, string>> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response> | Response;
export type Route = { method: string; pattern: RegExp; handler: RouteHandler };

export type ServedRoutes = { url: string; close: () => Promise<void> };

export async function serveRoutes(routes: Route[]): Promise<ServedRoutes> {
  let base = "";
  const server = createServer(async (req, res) => {
    try {
      const request = toWebRequest(req, res, base);
      const path = new URL(request.url).pathname;
      for (const route of routes) {
        const match = route.method === req.method ? route.pattern.exec(path) : null;
        if (match)
          return await writeWebResponse(
            await route.handler(request, { params: Promise.resolve(match.groups ?? {}) }),
            res,
          );
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
