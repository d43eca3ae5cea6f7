/**
 * The embedded MCP gateway: stateless Streamable HTTP, one MCP server per request, scoped by the
 * Bearer run session token (not a user credential). Host and Origin are checked first, as the MCP
 * spec asks of every Streamable HTTP server (DNS rebinding), then the body (JSON, within the size
 * limit).
 */
import { verifySessionToken } from "@/lib/gateway/session-token";
import { answerRequest } from "@/lib/gateway/answer-request";
import { buildGatewayServer } from "@/lib/gateway/build-server";
import { readGatewayState } from "@/lib/gateway/gateway-state";
import { runSecrets } from "@/lib/runs/run-secrets";
import { bodyLimit, checkApiBody, checkRequest, refusalResponse } from "@/lib/http/perimeter";
import { sharedRedis } from "@/lib/queue/redis";
import { contextOfRequest, withContext } from "@/lib/telemetry/spans";

export const dynamic = "force-dynamic";

function unauthorized(message: string): Response {
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32001, message }, id: null },
    { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="switchboard-gateway"' } },
  );
}

async function handle(request: Request): Promise<Response> {
  const refusal = checkRequest(request) ?? checkApiBody(request.method, request.headers, bodyLimit("default"));
  if (refusal) return refusalResponse(refusal);
  const header = request.headers.get("authorization") ?? "";
  const token = header.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token) return unauthorized("Missing Bearer session token");
  const scope = await verifySessionToken(token);
  if (!scope) return unauthorized("Invalid or expired session token");
  // Stateless, with JSON answers: nothing is ever pushed, so there is no stream to GET. A stream that
  // opened and closed at once would have the SDK client reopen it again and again.
  if (request.method === "GET") return new Response(null, { status: 405, headers: { Allow: "POST, DELETE" } });
  const state = await readGatewayState(sharedRedis(), scope);
  if (state.refusal !== undefined) return unauthorized(state.refusal);
  // What a call's approval check and record read from the database (the run's definition, its
  // secrets), loaded while this request goes on: an agent's first request is its initialize, so its
  // first call finds them in memory.
  void runSecrets(scope.runId).catch(() => undefined);

  return answerRequest(buildGatewayServer(scope, { redis: sharedRedis(), tools: state.tools }), request);
}

/** In the trace context the agent's request carries, so the gateway's spans join the run's trace. */
const traced = (request: Request) => withContext(contextOfRequest(request.headers), () => handle(request));

export const POST = traced;
export const GET = traced;
export const DELETE = traced;
