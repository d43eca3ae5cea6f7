/**
 * The one place a node (Agent, LLM, Tool Call) reaches its wired tools: a session token scoped to
 * those tool nodes, with the node's allow-list and aliases as claims, and an MCP client to the
 * gateway. Every call becomes `tool.call.started` / `tool.call.completed` events and a log entry.
 */
import { createSessionToken, type SessionClaims } from "../gateway/session-token";
import type { ExecuteContext } from "../nodes/types";
import { appBaseUrl } from "../platform/app-url";
import type { ToolCallRecord } from "../runs/events";
import { connectToGateway, type GatewayConnection } from "./gateway-client";

export type NodeToolsContext = Pick<ExecuteContext<unknown>, "runId" | "nodeId" | "connectedToolNodeIds" | "emit" | "trackToolCall">;

export type ToolAccess = { allowedTools?: string[]; toolAliases?: Record<string, string> };

export type NodeTools = GatewayConnection & {
  /** Every call made so far, by the name the caller used (an alias stays an alias). */
  log: ToolCallRecord[];
  /** The model call the next tool calls belong to. */
  setIteration: (iteration: number) => void;
};

/** The token claims for a node: `*` anywhere in the allow-list means every wired tool, so it is left out. */
export function toolClaims(ctx: NodeToolsContext, access: ToolAccess): SessionClaims {
  const { allowedTools, toolAliases } = access;
  return {
    runId: ctx.runId,
    agentNodeId: ctx.nodeId,
    allowedNodeIds: ctx.connectedToolNodeIds,
    ...(allowedTools && !allowedTools.includes("*") ? { allowedTools } : {}),
    ...(toolAliases && Object.keys(toolAliases).length > 0 ? { toolAliases } : {}),
  };
}

const noTools: GatewayConnection = {
  tools: {},
  toolNames: [],
  callTool: async (toolName) => ({ text: `No tools are wired into this node, so "${toolName}" is not available`, isError: true }),
  close: async () => undefined,
};

export async function connectNodeTools(ctx: NodeToolsContext, access: ToolAccess = {}): Promise<NodeTools> {
  const log: ToolCallRecord[] = [];
  let iteration = 1;
  const { nodeId, emit } = ctx;
  // Model call ids are only unique within one conversation (a scripted or self-hosted model says
  // "call_1" in every node), while the run view tells calls apart across the whole run.
  const runUniqueCallId = (callId: string) => `${nodeId}:${callId}`;
  const inFlight = new Map<string, (() => void) | undefined>(); // call id → marks it done in the run's count
  const connection =
    ctx.connectedToolNodeIds.length === 0
      ? noTools
      : await connectToGateway(`${appBaseUrl()}/api/mcp/gateway`, await createSessionToken(toolClaims(ctx, access)), {
          onStart: (call) => {
            inFlight.set(call.callId, ctx.trackToolCall?.(call.toolName));
            return emit({ type: "tool.call.started", payload: { nodeId, ...call, callId: runUniqueCallId(call.callId), iteration } });
          },
          onFinish: async (call) => {
            inFlight.get(call.callId)?.();
            inFlight.delete(call.callId);
            const record = { ...call, callId: runUniqueCallId(call.callId), iteration };
            log.push(record);
            await emit({ type: "tool.call.completed", payload: { nodeId, ...record } });
          },
        });
  return { ...connection, log, setIteration: (next) => void (iteration = next) };
}

/** A tool's answer as data: its structured content, else its text parsed as JSON, else the text (so `{{node.result.status}}` works downstream). */
export function toolResultData(text: string, structured: unknown): unknown {
  if (structured !== undefined) return structured;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
