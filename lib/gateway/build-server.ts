/**
 * The gateway's MCP server, built per request from the caller's token scope. It answers
 * `tools/list` from the run's registry (no network) and routes `tools/call` to a worker.
 * The low-level `Server` is used rather than `McpServer.registerTool` because tool schemas
 * here are JSON Schema discovered at run time, passed through as they are.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Redis } from "ioredis";
import type { SessionClaims } from "../auth/session-token";
import type { ToolCallJobData, ToolCallJobResult } from "../queue/queues";
import { isInScope, listRegisteredTools, type RegisteredTool } from "../registry/registry";
import { callMcpTool } from "./call-mcp-tool";
import { exposeTools } from "./mcp-tools";

export type GatewayDeps = {
  redis: Redis;
  callComponentTool: (data: ToolCallJobData) => Promise<ToolCallJobResult>;
};

async function scopedTools(redis: Redis, scope: SessionClaims): Promise<RegisteredTool[]> {
  const tools = await listRegisteredTools(redis, scope.runId);
  return tools.filter((tool) => tool.status === "ready" && isInScope(tool.nodeId, scope.allowedNodeIds));
}

export function buildGatewayServer(scope: SessionClaims, deps: GatewayDeps): Server {
  const server = new Server({ name: "switchboard-gateway", version: "0.1.0" }, { capabilities: { tools: { listChanged: false } } });

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const tools = exposeTools(await scopedTools(deps.redis, scope));
    return {
      tools: tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        inputSchema: { type: "object" as const, ...tool.inputSchema },
      })),
    };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name, arguments: args = {} } = request.params;
    const tool = exposeTools(await scopedTools(deps.redis, scope)).find((candidate) => candidate.name === name);
    if (!tool) {
      throw new McpError(ErrorCode.InvalidParams, `Tool "${name}" is not available to agent ${scope.agentNodeId} in run ${scope.runId}`);
    }
    if (tool.mcpToolName) return callMcpTool(tool.registered, { runId: scope.runId, nodeId: tool.registered.nodeId, toolName: tool.mcpToolName, args }) as Promise<CallToolResult>;
    return deps.callComponentTool({ runId: scope.runId, nodeId: tool.registered.nodeId, toolName: name, args }) as Promise<CallToolResult>;
  });

  return server;
}
