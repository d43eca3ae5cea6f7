/** The gateway connection's fetch rides out a restart: a real server that is down, then up; a proxy answering 503. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { retryingFetch } from "./retrying-fetch";

const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

function listen(handler: Parameters<typeof createServer>[1], port = 0): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}

async function freePort(): Promise<number> {
  const port = await listen(() => undefined);
  await new Promise((resolve) => servers.pop()!.close(resolve));
  return port;
}

describe("retryingFetch", () => {
  it("waits for a server that comes back after refusing connections", async () => {
    const port = await freePort();
    setTimeout(() => void listen((_req, res) => res.end("back"), port), 400);
    const response = await retryingFetch(5_000)(`http://127.0.0.1:${port}/`);
    expect(await response.text()).toBe("back");
  });

  it("retries 503 answers and returns the first real one", async () => {
    let calls = 0;
    const port = await listen((_req, res) => (++calls < 3 ? res.writeHead(503).end() : res.end("ok")));
    const response = await retryingFetch(5_000)(`http://127.0.0.1:${port}/`);
    expect(response.status).toBe(200);
    expect(calls).toBe(3);
  });

  it("gives up when its time budget is spent, and passes other errors on at once", async () => {
    const port = await freePort();
    const startedAt = Date.now();
    await expect(retryingFetch(500)(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    const notFound = await listen((_req, res) => res.writeHead(404).end());
    expect((await retryingFetch(5_000)(`http://127.0.0.1:${notFound}/`)).status).toBe(404);
  });
});
