/**
 * A real MCP server over WebSocket on a free port, for tests: the SDK's McpServer with two tools
 * (`echo`, `add`) behind a `ws` server. It keeps the headers of every handshake and counts open
 * sockets, so a test can see what a client sent and that it hung up.
 */
import { once } from "node:events";
import type { IncomingHttpHeaders } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebSocketServer } from "ws";
import { z } from "zod";
import { WebSocketServerTransport } from "./websocket-server-transport";

export type WebSocketMcpPeer = {
  url: string;
  handshakes: IncomingHttpHeaders[];
  openSockets: () => number;
  close: () => Promise<void>;
};

function peerServer(): McpServer {
  const server = new McpServer({ name: "websocket-peer", version: "1.0.0" });
  server.registerTool(
    "echo",
    { description: "Echoes the message back", inputSchema: { message: z.string() } },
    ({ message }) => ({ content: [{ type: "text", text: `Echo: ${message}` }] }),
  );
  server.registerTool(
    "add",
    { description: "Adds two numbers", inputSchema: { a: z.number(), b: z.number() } },
    ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }] }),
  );
  return server;
}

export async function startWebSocketMcpPeer(): Promise<WebSocketMcpPeer> {
  const handshakes: IncomingHttpHeaders[] = [];
  const wss = new WebSocketServer({
    host: "127.0.0.1",
    port: 0,
    handleProtocols: (protocols) => (protocols.has("mcp") ? "mcp" : false),
  });
  wss.on("connection", (socket, request) => {
    handshakes.push(request.headers);
    void peerServer().connect(new WebSocketServerTransport(socket));
  });
  await once(wss, "listening");
  const { port } = wss.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/mcp`,
    handshakes,
    openSockets: () => wss.clients.size,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}
