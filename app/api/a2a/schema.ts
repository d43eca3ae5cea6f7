/**
 * The OpenAPI operations of a workflow as an A2A agent: its Agent Card and its JSON-RPC endpoint. The bodies are the
 * A2A protocol's (https://a2a-protocol.org), checked and answered by the official SDK; described here in outline.
 */
import { z } from "zod";
import { apiError, jsonBody, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";
import { WorkflowIdParams } from "../workflows/[id]/schema";

const JsonRpcRequest = z
  .looseObject({ jsonrpc: z.literal("2.0"), id: z.union([z.string(), z.number()]).optional(), method: z.string() })
  .meta({ id: "A2aJsonRpcRequest", description: "An A2A JSON-RPC request (SendMessage / message/send, …)" });
const JsonRpcAnswer = z
  .looseObject({ jsonrpc: z.literal("2.0"), id: z.union([z.string(), z.number(), z.null()]) })
  .meta({ id: "A2aJsonRpcResponse", description: "Its result, or a JSON-RPC error" });
const AgentCardDoc = z
  .looseObject({ name: z.string(), description: z.string(), skills: z.array(z.looseObject({ id: z.string() })) })
  .meta({ id: "A2aAgentCard", description: "An A2A Agent Card (v1.0)" });

const tag = "A2A";
const notExposed = apiError("No such workflow, never published, or its published version is not exposed over A2A");
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/a2a/{id}/.well-known/agent-card.json",
    tag,
    summary: "A workflow's A2A Agent Card",
    access: "viewer",
    limited: "workflow",
    request: { params: WorkflowIdParams },
    responses: { 200: jsonResponse("The Agent Card", AgentCardDoc), 404: notExposed },
  },
  {
    method: "post",
    path: "/api/a2a/{id}",
    tag,
    summary: "Call a workflow as an A2A agent",
    description:
      "A2A JSON-RPC: v1.0 with `A2A-Version: 1.0`, v0.3 (`message/send`, `message/stream`, `tasks/get`, " +
      "`tasks/cancel`) without. A message runs the published version; a task's cancel cancels the run.",
    access: "editor",
    limited: "workflow",
    request: { params: WorkflowIdParams, body: jsonBody(JsonRpcRequest) },
    responses: {
      200: {
        description: "A JSON-RPC answer, or the task's events for a streaming method",
        content: { "application/json": { schema: JsonRpcAnswer }, "text/event-stream": { schema: z.string() } },
      },
      404: notExposed,
    },
  },
];
