/**
 * The gateway's MCP server, built per request from the caller's token scope and the run's tools
 * as read with the request's checks. It answers `tools/list` from those (no network) and routes `tools/call` to a
 * worker, after the agent's allow-list, aliases and approvals have had their say (tool-guard.ts); every call is
 * recorded here (lib/audit/call-audit.ts). The low-level `Server` is used rather than `McpServer.registerTool` because
 * tool schemas here are JSON Schema discovered at run time, passed through as they are.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { auditedForward, recordCall } from "../audit/call-audit";
import type { SessionClaims } from "./session-token";
import { toolTarget, type RegisteredTool } from "../registry/registry";
import { exposeTools, TOOL_KINDS } from "../tools/tool-kinds";
import type { ExposedTool } from "./mcp-tools";
import { guardToolCall } from "./tool-guard";
import { visibleTools } from "./tool-policy";
import { sharedSchemaValidator } from "../mcp/schema-validator";
import { mcpCallAttributes, mcpCallSpanName, NODE_ID, RUN_ID } from "../telemetry/gen-ai";
import { inSpan, markFailed, SpanKind } from "../telemetry/spans";
import type { RedisClient } from "../queue/redis";

/** `tools`: the run's ready tools in the caller's scope, read with the request's checks (gateway-state.ts). */
export type GatewayDeps = { redis: RedisClient; tools: RegisteredTool[] };

/** Where the call goes depends on the tool's kind (an MCP tool is called by its own name on its server). */
function forwardCall(
  scope: SessionClaims,
  tool: ExposedTool,
  args: Record<string, unknown>,
  callId?: string,
): Promise<CallToolResult> {
  const call = {
    runId: scope.runId,
    nodeId: tool.nodeId,
    toolName: tool.mcpToolName ?? tool.name,
    args,
    target: toolTarget(tool.registered),
    ...(callId ? { callId } : {}),
  };
  return TOOL_KINDS[tool.registered.kind].forward(tool.registered, call) as Promise<CallToolResult>;
}

export function buildGatewayServer(scope: SessionClaims, deps: GatewayDeps): Server {
  const server = new Server(
    { name: "switchboard-gateway", version: "0.1.0" },
    { capabilities: { tools: { listChanged: false } }, jsonSchemaValidator: sharedSchemaValidator() },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const exposed = exposeTools(deps.tools);
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
    const exposed = exposeTools(deps.tools);
    const callId = typeof _meta?.callId === "string" ? _meta.callId : undefined;
    const iteration = typeof _meta?.iteration === "number" ? _meta.iteration : 1;
    const item = Number.isInteger(_meta?.item) && (_meta!.item as number) >= 0 ? (_meta!.item as number) : undefined;
    const forward = (tool: ExposedTool, finalArgs: Record<string, unknown>, guardedCallId?: string) =>
      forwardCall(scope, tool, finalArgs, guardedCallId);
    const attributes = { ...mcpCallAttributes(name, callId), [RUN_ID]: scope.runId, [NODE_ID]: scope.agentNodeId };
    return inSpan(mcpCallSpanName(name), { kind: SpanKind.SERVER, attributes }, async (span) => {
      const result = await recordCall(scope, deps.redis, { name, args, callId, iteration, item }, (report) =>
        guardToolCall(
          scope,
          deps.redis,
          exposed,
          { name, args, callId },
          auditedForward(name, forward, report),
          report,
        ),
      );
      if (result.isError) markFailed(span, "the call was refused or the tool answered with an error");
      return result;
    });
  });

  return server;
}
