/**
 * The one place a node (Agent, LLM, Tool Call) reaches its wired tools: a session token scoped to
 * those tool nodes, with the node's allow-list and aliases as claims, and an MCP client to the
 * gateway. The gateway records every call (`tool.call.started` / `completed`, the audit trail);
 * here each call goes into the node's log (its `toolCalls` output) and the run's in-flight count.
 */
import { createSessionToken, type SessionClaims } from "../gateway/session-token";
import type { ExecuteContext } from "../nodes/types";
import { appBaseUrl } from "../platform/app-url";
import type { ToolCallRecord } from "../runs/events";
import { connectToGateway, type GatewayConnection } from "./gateway-client";

export type NodeToolsContext = Pick<
  ExecuteContext<unknown>,
  "runId" | "nodeId" | "label" | "connectedToolNodeIds" | "trackToolCall" | "note"
>;

export type ToolAccess = { allowedTools?: string[]; toolAliases?: Record<string, string> };

export type NodeTools = GatewayConnection & {
  /** Every call made so far, by the name the caller used (an alias stays an alias). */
  log: ToolCallRecord[];
  /** The model call the next tool calls belong to. */
  setIteration: (iteration: number) => void;
  /**
   * Sends a call to a tool the model was not given on to the gateway, which refuses and records it (the model hears the
   * SDK's own refusal).
   */
  reportUnknown: (toolName: string, input: string, toolCallId: string) => Promise<unknown>;
};

/** The token claims for a node: `*` anywhere in the allow-list means every wired tool, so it is left out. */
export function toolClaims(
  ctx: Pick<NodeToolsContext, "runId" | "nodeId" | "connectedToolNodeIds">,
  access: ToolAccess,
): SessionClaims {
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
  callTool: async (toolName) => ({
    text: `No tools are wired into this node, so "${toolName}" is not available`,
    isError: true,
  }),
  close: async () => undefined,
};

export async function connectNodeTools(ctx: NodeToolsContext, access: ToolAccess = {}): Promise<NodeTools> {
  const log: ToolCallRecord[] = [];
  let iteration = 1;
  const { nodeId } = ctx;
  // Model call ids are only unique within one conversation (a scripted or self-hosted model says
  // "call_1" in every node), while the run view tells calls apart across the whole run.
  const runUniqueCallId = (callId: string) => `${nodeId}:${callId}`;
  const inFlight = new Map<string, (() => void) | undefined>(); // call id → marks it done in the run's count
  const connection =
    ctx.connectedToolNodeIds.length === 0
      ? noTools
      : await connectToGateway(
          `${appBaseUrl()}/api/mcp/gateway`,
          await createSessionToken(toolClaims(ctx, access)),
          {
            onStart: (call) => void inFlight.set(call.callId, ctx.trackToolCall?.(call.toolName)),
            onFinish: (call) => {
              inFlight.get(call.callId)?.();
              inFlight.delete(call.callId);
              log.push({ ...call, callId: runUniqueCallId(call.callId), iteration });
            },
          },
          () => ({ iteration }),
        );
  if (ctx.connectedToolNodeIds.length > 0 && connection.toolNames.length === 0) ctx.note(noToolsOffered(ctx, access));
  const reportUnknown = (toolName: string, input: string, callId: string) =>
    connection.callTool(toolName, parseArgs(input), { callId });
  return { ...connection, log, setIteration: (next) => void (iteration = next), reportUnknown };
}

/**
 * Tool nodes are wired in, yet the gateway offers none of their tools: the node goes on without, and says so (with what
 * to check).
 */
function noToolsOffered(ctx: NodeToolsContext, access: ToolAccess) {
  const count = ctx.connectedToolNodeIds.length;
  const wired = `${count} tool node${count === 1 ? " is" : "s are"} wired in`;
  const why =
    access.allowedTools && !access.allowedTools.includes("*")
      ? `its allowed tools (${access.allowedTools.join(", ")}) match none of theirs`
      : `check that they registered tools, and that SWITCHBOARD_URL (${appBaseUrl()}) is this Switchboard`;
  return {
    type: "log" as const,
    payload: {
      level: "warn" as const,
      nodeId: ctx.nodeId,
      message: `${wired}, but the gateway offers no tools: ${why}. "${ctx.label}" goes on without tools.`,
    },
  };
}

function parseArgs(input: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(input);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { input: parsed };
  } catch {
    return { input };
  }
}

/**
 * A tool's answer as data: its structured content, else its text parsed as JSON, else the text (so
 * `{{node.result.status}}` works downstream).
 */
export function toolResultData(text: string, structured: unknown): unknown {
  if (structured !== undefined) return structured;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
