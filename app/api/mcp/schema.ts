/**
 * The MCP routes as OpenAPI describes them: Switchboard's own MCP server (/api/mcp/workflows), the gateway a run's
 * agents call (/api/mcp/gateway), both speaking MCP's Streamable HTTP (JSON-RPC); the editor's Discover tools and the
 * OAuth sign-in's way back. What goes inside the JSON-RPC messages is MCP's, not described here.
 */
import { z } from "zod";
import {
  ApiErrorBody,
  apiError,
  jsonBody,
  jsonResponse,
  noContent,
  type ApiOperation,
} from "@/lib/http/openapi/operation";
import { DiscoverInput } from "@/lib/mcp/discover-input";

const JsonRpcMessage = z
  .looseObject({ jsonrpc: z.literal("2.0"), id: z.union([z.string(), z.number(), z.null()]).optional() })
  .meta({ id: "JsonRpcMessage", description: "An MCP JSON-RPC request, notification or batch item" });

const JsonRpcError = z
  .object({
    jsonrpc: z.literal("2.0"),
    error: z.object({ code: z.number(), message: z.string() }),
    id: z.union([z.string(), z.number(), z.null()]),
  })
  .meta({ id: "JsonRpcError" });

/** What an MCP POST answers: JSON-RPC, as JSON or (a tool call that sends progress) as an event stream. */
const mcpAnswer = {
  description: "The JSON-RPC answer",
  content: { "application/json": { schema: JsonRpcMessage }, "text/event-stream": { schema: z.string() } },
};

const transportRefusals = {
  400: jsonResponse(
    "A malformed request, or a JSON-RPC message the transport refuses",
    z.union([ApiErrorBody, JsonRpcError]),
  ),
  406: jsonResponse("The client does not accept both application/json and text/event-stream", JsonRpcError),
};

const serverOperations = (path: string, summary: string, access: "viewer" | "run-token"): ApiOperation[] => {
  const unauthorized = jsonResponse("No valid credentials (a JSON-RPC error)", JsonRpcError);
  const common = { path, tag: "MCP", access, ...(access === "viewer" ? { limited: "filtered" as const } : {}) };
  return [
    {
      ...common,
      method: "post",
      summary,
      request: { body: jsonBody(JsonRpcMessage) },
      responses: { 200: mcpAnswer, 202: noContent("A notification, taken"), 401: unauthorized, ...transportRefusals },
    },
    {
      ...common,
      method: "get",
      summary: "GET on a stateless MCP server: there is no stream to open",
      responses: { 401: unauthorized, 405: noContent("Stateless: not served (Allow says what is)") },
    },
    {
      ...common,
      method: "delete",
      summary: "DELETE on a stateless MCP server: there is no session to end",
      responses: {
        401: unauthorized,
        ...(access === "viewer"
          ? { 405: noContent("Not served (Allow says what is)") }
          : { 200: noContent("Nothing to end: taken") }),
      },
    },
  ];
};

const DiscoveryResult = z.union([
  z.object({
    key: z.string(),
    source: z.string(),
    ok: z.literal(true),
    tools: z.array(z.object({ name: z.string(), description: z.string().optional() })),
  }),
  z.object({ key: z.string(), source: z.string(), ok: z.literal(false), error: z.string() }),
]);

export const operations: ApiOperation[] = [
  ...serverOperations(
    "/api/mcp/workflows",
    "Switchboard's own MCP server: exposed workflows as tools, list_workflows, run_workflow, get_run",
    "viewer",
  ),
  ...serverOperations("/api/mcp/gateway", "The MCP gateway a run's agents call their tools through", "run-token"),
  {
    method: "post",
    path: "/api/mcp/discover",
    tag: "MCP",
    summary: "Discover an MCP node's tools (the inspector's Discover)",
    description: "Connects to the node's servers and lists their tools; stdio servers only for admins.",
    access: "editor",
    request: { body: jsonBody(DiscoverInput) },
    responses: {
      200: jsonResponse(
        "What each server answered, or why the input was refused",
        z.union([
          z.object({ ok: z.literal(true), servers: z.array(DiscoveryResult) }),
          z.object({ ok: z.literal(false), error: z.string() }),
        ]),
      ),
    },
  },
  {
    method: "get",
    path: "/api/mcp/oauth/callback",
    tag: "MCP",
    summary: "Where an MCP server's sign-in sends the browser back",
    access: "editor",
    request: { query: z.object({ code: z.string().optional(), state: z.string().optional() }) },
    responses: {
      200: { description: "Connected (a page)", content: { "text/html": { schema: z.string() } } },
      400: { description: "Not connected: the page says why", content: { "text/html": { schema: z.string() } } },
    },
  },
];
