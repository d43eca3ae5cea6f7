/**
 * A real MCP server over Streamable HTTP, for tests of what a server may hand back: the SDK's
 * McpServer (stateless, one per request) with one tool, `echo_request`, that answers with the
 * headers of the request that carried the call and the call's arguments, each spelled as is,
 * base64, hex and URL-encoded — what a careless or hostile server could send back.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

export type EchoMcpPeer = { url: string; received: IncomingHttpHeaders[]; close: () => Promise<void> };

/** A text in every spelling the peer answers with. */
export function echoSpellings(text: string): Record<string, string> {
  const bytes = Buffer.from(text, "utf8");
  return { plain: text, base64: bytes.toString("base64"), hex: bytes.toString("hex"), url: encodeURIComponent(text) };
}

function echoServer(headers: IncomingHttpHeaders): McpServer {
  const server = new McpServer({ name: "echo-peer", version: "1.0.0" });
  server.registerTool(
    "echo_request",
    {
      description: "Answers with the request's headers and the call's arguments",
      inputSchema: { note: z.string().optional() },
    },
    (args) => {
      const echoed = Object.fromEntries(
        Object.entries({ ...headers, ...args }).map(([name, value]) => [name, echoSpellings(String(value))]),
      );
      return { content: [{ type: "text", text: JSON.stringify(echoed) }] };
    },
  );
  return server;
}

export async function startEchoMcpPeer(): Promise<EchoMcpPeer> {
  const received: IncomingHttpHeaders[] = [];
  const http = createServer(async (req, res) => {
    received.push(req.headers);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => void transport.close());
    await echoServer(req.headers).connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
