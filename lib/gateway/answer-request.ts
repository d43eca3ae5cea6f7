/**
 * How the gateway answers one HTTP request: stateless Streamable HTTP with JSON answers (nothing is
 * ever pushed), so the server built for the request gets a transport of its own, answers, and is
 * closed; with JSON answers the response is complete once the transport hands it back. The body
 * is counted against the API's limit as it streams in (a Content-Length over it is refused earlier,
 * by the route's perimeter check).
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { bodyLimit } from "../http/perimeter";

export async function answerRequest(server: Server, request: Request): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: bodyLimit("default"),
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
