/**
 * The gateway's MCP server, built per request from the caller's token scope. It answers
 * `tools/list` from the run's registry (no network) and routes `tools/call` to a worker, after
 * the agent's allow-list, aliases and approvals have had their say (tool-guard.ts).
 * The low-level `Server` is used rather than `McpServer.registerTool` because tool schemas
 * here are JSON Schema discovered at run time, passed through as they are.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Redis } from "ioredis";
import type { SessionClaims } from "./session-token";
import type { ToolCallJobData, ToolCallJobResult } from "../queue/queues";
import { isInScope, listRegisteredTools, type RegisteredTool } from "../registry/registry";
import { callMcpTool } from "./call-mcp-tool";
import { exposeTools, type ExposedTool } from "./mcp-tools";
import { guardToolCall } from "./tool-guard";
import { visibleTools } from "./tool-policy";

export type GatewayDeps = {
  redis: Redis;
  callComponentTool: (data: ToolCallJobData) => Promise<ToolCallJobResult>;
};

async function scopedTools(redis: Redis, scope: SessionClaims): Promise<RegisteredTool[]> {
  const tools = await listRegisteredTools(redis, scope.runId);
  return tools.filter((tool) => tool.status === "ready" && isInScope(tool, scope.allowedNodeIds));
}

/** A component tool runs on any worker; an MCP tool goes to its server's connection (the owning worker for stdio). */
function forwardCall(scope: SessionClaims, deps: GatewayDeps, tool: ExposedTool, args: Record<string, unknown>): Promise<CallToolResult> {
  const call = { runId: scope.runId, nodeId: tool.nodeId, args };
  if (tool.mcpToolName) return callMcpTool(tool.registered, { ...call, toolName: tool.mcpToolName }) as Promise<CallToolResult>;
  return deps.callComponentTool({ ...call, toolName: tool.name }) as Promise<CallToolResult>;
}

export function buildGatewayServer(scope: SessionClaims, deps: GatewayDeps): Server {
  const server = new Server({ name: "switchboard-gateway", version: "0.1.0" }, { capabilities: { tools: { listChanged: false } } });

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const exposed = exposeTools(await scopedTools(deps.redis, scope));
    return {
      tools: visibleTools(exposed, scope).map(({ name, tool, aliasOf }) => ({
        name,
        description: aliasOf ? `Alias of ${aliasOf}. ${tool.description}` : tool.description,
        inputSchema: { type: "object" as const, ...tool.inputSchema },
      })),
    };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name, arguments: args = {}, _meta } = request.params;
    const exposed = exposeTools(await scopedTools(deps.redis, scope));
    const callId = typeof _meta?.callId === "string" ? _meta.callId : undefined;
    return guardToolCall(scope, deps.redis, exposed, { name, args, callId }, (tool, finalArgs) => forwardCall(scope, deps, tool, finalArgs));
  });

  return server;
}
