import { describe, expect, it } from "vitest";
import { guardedLookup } from "../net/guarded-lookup";
import { NodeWebSocketClientTransport } from "./websocket-client-transport";

describe("NodeWebSocketClientTransport", () => {
  it("hands the address policy's DNS lookup to the socket (ws's types do not know the option)", async () => {
    const transport = new NodeWebSocketClientTransport(new URL("ws://localhost:9/mcp"), {
      lookup: guardedLookup({ allowPrivate: false, allowLoopback: false }),
    });
    await expect(transport.start()).rejects.toThrow(/^localhost refused: .* is a loopback address/);
  });

  it("lends the global WebSocket only while the SDK builds its socket", async () => {
    const before = Object.getOwnPropertyDescriptor(globalThis, "WebSocket");
    const transport = new NodeWebSocketClientTransport(new URL("ws://127.0.0.1:9/mcp"), {});
    const started = transport.start();
    expect(Object.getOwnPropertyDescriptor(globalThis, "WebSocket")).toEqual(before);
    await expect(started).rejects.toThrow(/ECONNREFUSED/);
  });
});
