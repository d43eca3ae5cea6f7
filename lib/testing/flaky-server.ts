/**
 * A real HTTP server that fails on purpose, for retry tests. `/flaky?key=K&fails=N&status=S`: the
 * first N requests for K answer S (default 503), then 200. `/limited?key=K&after=SECONDS`: the first
 * answers 429 with `Retry-After`, then 200. `/down`: always 500. It notes when each request came.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type FlakyServer = { url: string; hits: (key: string) => number[]; close: () => Promise<void> };

export async function startFlakyServer(): Promise<FlakyServer> {
  const hits = new Map<string, number[]>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const key = `${url.pathname}:${url.searchParams.get("key") ?? ""}`;
    const seen = hits.get(key) ?? [];
    seen.push(Date.now());
    hits.set(key, seen);
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
    if (url.pathname === "/down") return answer(500, { error: "broken on purpose" });
    if (url.pathname === "/limited" && seen.length === 1)
      return answer(429, { error: "slow down" }, { "retry-after": url.searchParams.get("after") ?? "1" });
    const fails = Number(url.searchParams.get("fails") ?? 2);
    if (url.pathname === "/flaky" && seen.length <= fails)
      return answer(Number(url.searchParams.get("status") ?? 503), { error: "not yet" });
    answer(200, { ok: true, tries: seen.length });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: (key) => hits.get(key) ?? [],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
