/**
 * The SDK's WebSocketClientTransport, with its socket made by the `ws` package. The SDK builds the
 * socket with the global `WebSocket`, a browser API that Node 20 lacks and that takes no headers,
 * DNS hook or handshake timeout. Rather than install `ws` as every module's WebSocket for the whole
 * process, the global is lent for the one synchronous call in which the transport constructs its
 * socket (nothing else can run in between), with this server's options bound in, then put back.
 */
import { WebSocketClientTransport } from "@modelcontextprotocol/sdk/client/websocket.js";
import WebSocket, { type ClientOptions } from "ws";
import type { LookupFunction } from "../net/guarded-lookup";

/** `ws` hands its options on to net.connect / tls.connect, so a DNS `lookup` reaches the socket (its types omit it). */
export type WebSocketOptions = Pick<ClientOptions, "headers" | "handshakeTimeout"> & { lookup?: LookupFunction };

export class NodeWebSocketClientTransport extends WebSocketClientTransport {
  constructor(
    url: URL,
    private readonly options: WebSocketOptions,
  ) {
    super(url);
  }

  override start(): Promise<void> {
    // the URL policy checked this address, not wherever a redirect leads
    const options: ClientOptions = { ...this.options, followRedirects: false };
    let constructed = false;
    class ConfiguredWebSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        constructed = true;
        super(address, protocols, options);
      }
    }
    const globals = globalThis as { WebSocket?: unknown };
    const previous = Object.getOwnPropertyDescriptor(globals, "WebSocket");
    globals.WebSocket = ConfiguredWebSocket;
    let started: Promise<void>;
    try {
      started = super.start();
    } finally {
      if (previous) Object.defineProperty(globals, "WebSocket", previous);
      else delete globals.WebSocket;
    }
    if (!constructed) {
      started.catch(() => undefined);
      throw new Error(
        "the MCP SDK's WebSocket transport no longer opens its socket inside start(); " +
          "lib/mcp/websocket-client-transport.ts needs updating",
      );
    }
    return started;
  }
}
