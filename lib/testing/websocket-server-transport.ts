/**
 * The server side of MCP over WebSocket, for tests: the SDK ships only the client. It speaks what
 * WebSocketClientTransport speaks — one JSON-RPC message per text frame, on the "mcp" subprotocol.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { WebSocket } from "ws";

export class WebSocketServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  constructor(private readonly socket: WebSocket) {}

  async start(): Promise<void> {
    this.socket.on("message", (data) => {
      let message: JSONRPCMessage;
      try {
        message = JSONRPCMessageSchema.parse(JSON.parse(data.toString()));
      } catch (error) {
        this.onerror?.(error as Error);
        return;
      }
      this.onmessage?.(message);
    });
    this.socket.on("error", (error) => this.onerror?.(error));
    this.socket.on("close", () => this.onclose?.());
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve())),
    );
  }

  async close(): Promise<void> {
    this.socket.close();
  }
}
