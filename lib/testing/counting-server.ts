/**
 * A real HTTP server for tests that count how often a node ran: `/fast` answers at once, `/slow` after `?ms=` (default
 * 4 s).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type CountingServer = { url: string; hits: (path: string) => number; close: () => Promise<void> };

export async function startCountingServer(): Promise<CountingServer> {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const key = `${req.method} ${url.pathname}?${url.searchParams.get("n") ?? ""}`;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const answer = () => res.writeHead(200, { "content-type": "text/plain" }).end(`hit ${key}`);
    if (url.pathname !== "/slow") return void answer(); // at once: a timer of 0 ms still waits a millisecond or more
    const timer = setTimeout(answer, Number(url.searchParams.get("ms") ?? 4000));
    res.once("close", () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: (key) => hits.get(key) ?? 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
