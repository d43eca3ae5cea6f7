/**
 * Switchboard's own MCP server (lib/mcp-server): stateless Streamable HTTP, so any web process
 * answers any request. The caller's API key as Bearer (or a session) says who it is and its role;
 * Host and Origin are checked first, as the MCP spec asks of every Streamable HTTP server, then
 * the body (JSON, within the size limit).
 */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { authenticate } from "@/lib/auth/principal";
import { bodyLimit, checkApiBody, checkRequest, refusalResponse } from "@/lib/http/perimeter";
import { buildWorkflowsServer } from "@/lib/mcp-server/workflows-server";

export const dynamic = "force-dynamic";

function unauthorized(): Response {
  return Response.json(
    {
      jsonrpc: "2.0",
      error: { code: -32001, message: "Send an API key as Authorization: Bearer sb_… (Settings → API keys)" },
      id: null,
    },
    { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="switchboard-mcp"' } },
  );
}

async function handle(request: Request): Promise<Response> {
  // checked here against a declared length, and counted by the transport as the body streams in
  const limit = bodyLimit("default");
  const refusal = checkRequest(request) ?? checkApiBody(request.method, request.headers, limit);
  if (refusal) return refusalResponse(refusal);
  const principal = await authenticate(request.headers);
  if (!principal) return unauthorized();
  // Stateless: no sessions to end and nothing to push outside a request, so only POST is served (the spec allows 405
  // here).
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const server = buildWorkflowsServer(principal);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    maxRequestBodySize: limit,
  });
  await server.connect(transport);
  request.signal.addEventListener("abort", () => void server.close());
  const response = await transport.handleRequest(request);
  if (!response.body) {
    void server.close();
    return response;
  }
  // The answer may stream (progress notifications): the server closes once it has all been sent.
  const closing = new TransformStream<Uint8Array, Uint8Array>({ flush: () => void server.close() });
  return new Response(response.body.pipeThrough(closing), { status: response.status, headers: response.headers });
}

export const POST = handle;
export const GET = handle;
export const DELETE = handle;
