/**
 * Requests sent under one shared signal: no listener pile on it, and an abort still cuts a request under way and an
 * open event stream.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getEventListeners } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownSignalFetch } from "./own-signal-fetch";

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/stream")
      return void res.writeHead(200, { "content-type": "text/event-stream" }).write("data: hello\n\n");
    if (req.url === "/slow") return; // never answers
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("ownSignalFetch", () => {
  it("leaves the shared signal one listener after many requests, and no warning", async () => {
    const shared = new AbortController();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      const send = ownSignalFetch(fetch);
      await Promise.all(
        Array.from({ length: 40 }, async () => (await send(`${url}/`, { signal: shared.signal })).json()),
      );
      expect(getEventListeners(shared.signal, "abort")).toHaveLength(1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("still aborts a request under way, and an event stream after its headers", async () => {
    const shared = new AbortController();
    const send = ownSignalFetch(fetch);
    const slow = send(`${url}/slow`, { signal: shared.signal });
    const stream = await send(`${url}/stream`, { signal: shared.signal });
    const reader = stream.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("hello");
    shared.abort(new Error("connection closed"));
    await expect(slow).rejects.toThrow("connection closed");
    await expect(reader.read()).rejects.toThrow("connection closed");
  });
});
