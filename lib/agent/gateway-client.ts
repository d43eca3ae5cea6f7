/**
 * A node's side of the gateway: an official MCP client over Streamable HTTP, authenticated with
 * the node's session token. Its tools are offered to a model as AI SDK tools, or called directly
 * (the Tool Call node). Every call goes through the observer (the node's log of its calls); the gateway records it.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LATEST_PROTOCOL_VERSION, type CallToolResult, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { dynamicTool, jsonSchema, type ToolSet } from "ai";
import { retryingFetch } from "./retrying-fetch";
import { sharedSchemaValidator } from "../mcp/schema-validator";
import { resultText } from "../gateway/result-text";
import { childSignal } from "../platform/child-signal";
import { toolCallAttributes, toolCallSpanName } from "../telemetry/gen-ai";
import { inSpan, markFailed, tracedFetch } from "../telemetry/spans";

export type GatewayCallResult = { text: string; isError: boolean; structured?: unknown };

/** A call may wait for a person's approval (at most MAX_APPROVAL_TIMEOUT_SECONDS) before it even runs. */
const GATEWAY_CALL_TIMEOUT_MS = 5 * 60_000;

export type GatewayConnection = {
  tools: ToolSet;
  toolNames: string[];
  /** Calls one tool by the name the gateway lists (an alias works too), observed like a model's call. */
  callTool: (
    toolName: string,
    args: Record<string, unknown>,
    options?: { callId?: string; signal?: AbortSignal; meta?: Record<string, unknown> },
  ) => Promise<GatewayCallResult>;
  close: () => Promise<void>;
};

export type ToolCallObserver = {
  onStart: (call: { callId: string; toolName: string; args: unknown }) => void | Promise<void>;
  onFinish: (call: {
    callId: string;
    toolName: string;
    args: unknown;
    result: unknown;
    isError: boolean;
    durationMs: number;
  }) => void | Promise<void>;
};

/**
 * The gateway keeps no MCP session (lib/gateway/answer-request.ts): every request stands alone, so the handshake
 * (initialize, then initialized — two of a one-tool run's four requests) tells it nothing. The SDK skips it for a
 * transport that already has a session id; the gateway ignores the id. The protocol version it would have agreed is
 * set instead, so each request still names it.
 */
const GATEWAY_SESSION = "stateless";

/**
 * The agent's MCP client for the gateway, connected with its session token (the bench measures the gateway through it
 * too).
 */
export async function gatewayClient(gatewayUrl: string, token: string): Promise<Client> {
  const client = new Client(
    { name: "switchboard-agent", version: "0.1.0" },
    { jsonSchemaValidator: sharedSchemaValidator() },
  );
  const transport = new StreamableHTTPClientTransport(new URL(gatewayUrl), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    // A web app restarting under a running agent costs a pause, not failed tool calls. Each request carries the trace
    // context of the call it makes, so the gateway's spans join the run's trace.
    fetch: tracedFetch(retryingFetch()),
    sessionId: GATEWAY_SESSION,
  });
  transport.setProtocolVersion(LATEST_PROTOCOL_VERSION);
  await client.connect(transport);
  return client;
}

/** `callMeta`: more for each call's `_meta` (the model call it belongs to), for the gateway's record of it. */
export async function connectToGateway(
  gatewayUrl: string,
  token: string,
  observer: ToolCallObserver,
  callMeta: () => Record<string, unknown> = () => ({}),
): Promise<GatewayConnection> {
  const client = await gatewayClient(gatewayUrl, token);
  const { tools: listed } = await client.listTools();
  let directCalls = 0;
  const callTool: GatewayConnection["callTool"] = (toolName, args, options = {}) => {
    const callId = options.callId ?? `direct_${++directCalls}`;
    const attributes = toolCallAttributes(toolName, callId);
    return inSpan(toolCallSpanName(toolName), { attributes }, async (span) => {
      const call = { toolName, args, ...options, callId };
      const answer = await callObserved(client, observer, { ...callMeta(), ...options.meta, callId }, call);
      if (answer.isError) markFailed(span, "the tool answered with an error");
      return answer;
    });
  };
  const tools = modelTools(listed, callTool);
  return { tools, toolNames: Object.keys(tools), callTool, close: () => client.close() };
}

type GatewayCall = { toolName: string; args: Record<string, unknown>; callId: string; signal?: AbortSignal };

/** One call through the gateway, told to the observer as it starts and ends; a failure is an error answer. */
async function callObserved(
  client: Client,
  observer: ToolCallObserver,
  meta: Record<string, unknown>,
  { toolName, args, callId, signal }: GatewayCall,
): Promise<GatewayCallResult> {
  const startedAt = performance.now();
  await observer.onStart({ callId, toolName, args });
  let result: CallToolResult | undefined;
  let failure: string | undefined;
  // The SDK leaves an abort listener on each request's signal for good: a call gets its own, linked to the caller's
  // while it runs.
  const linked = signal && childSignal(signal);
  try {
    // The call id (in _meta) lets the gateway name an approval request after the call it holds.
    const options = { signal: linked?.signal, timeout: GATEWAY_CALL_TIMEOUT_MS };
    result = (await client.callTool(
      { name: toolName, arguments: args, _meta: meta },
      undefined,
      options,
    )) as CallToolResult;
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  } finally {
    linked?.dispose();
  }
  const isError = failure !== undefined || result?.isError === true;
  const text = failure ?? resultText(result!);
  const durationMs = Math.round(performance.now() - startedAt);
  await observer.onFinish({ callId, toolName, args, result: text, isError, durationMs });
  return { text, isError, structured: result?.structuredContent };
}

/** The gateway's tools as the AI SDK offers them; an error answer is thrown, so the model sees a tool error. */
function modelTools(listed: McpTool[], callTool: GatewayConnection["callTool"]): ToolSet {
  const tools: ToolSet = {};
  for (const mcpTool of listed) {
    tools[mcpTool.name] = dynamicTool({
      description: mcpTool.description ?? mcpTool.name,
      inputSchema: jsonSchema(mcpTool.inputSchema as Parameters<typeof jsonSchema>[0]),
      execute: async (args, { toolCallId, abortSignal }) => {
        const { text, isError } = await callTool(mcpTool.name, args as Record<string, unknown>, {
          callId: toolCallId,
          signal: abortSignal,
        });
        // Throwing hands the error to the model as a tool error, so the loop goes on.
        if (isError) throw new Error(text);
        return text;
      },
    });
  }
  return tools;
}
