/**
 * A load balancer at its plainest, for tests of statelessness: each HTTP request goes to the next
 * upstream in turn (no stickiness, no session affinity), streamed answers piped through unchanged.
 * `served` records which upstream took each request, in order, with its JSON-RPC method when the
 * body is one (bodies are small here, so each is read whole before it is sent on).
 */
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

export type ProxiedRequest = { upstream: number; method: string; rpcMethod?: string };
export type RoundRobinProxy = { url: string; served: ProxiedRequest[]; close: () => Promise<void> };

function rpcMethodOf(body: Buffer): string | undefined {
  try {
    return (JSON.parse(body.toString("utf8")) as { method?: string }).method;
  } catch {
    return undefined;
  }
}

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const served: RoundRobinProxy["served"] = [];
  let next = 0;
  const server = createServer(async (req, res) => {
    const upstream = next++ % upstreams.length;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    served.push({ upstream, method: req.method ?? "GET", rpcMethod: rpcMethodOf(body) });
    const target = new URL(req.url ?? "/", upstreams[upstream]);
    const forward = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502).end(`upstream ${upstreams[upstream]}: ${error.message}`);
      else res.destroy(error);
    });
    res.on("close", () => forward.destroy());
    forward.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
