/**
 * The OpenTelemetry GenAI semantic conventions as Switchboard's spans use them: a model call is a `chat {model}` client
 * span with the provider, the model and the tokens; a tool call is an `execute_tool {tool}` span with the tool's name
 * and call id; the MCP gateway's side of it a `tools/call {tool}` server span (the MCP conventions). Prompts, answers
 * and tool arguments are never recorded: they are untrusted and may hold a secret.
 */
import {
  ATTR_GEN_AI_AGENT_NAME,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_RESPONSE_FINISH_REASONS,
  ATTR_GEN_AI_SYSTEM,
  ATTR_GEN_AI_TOOL_CALL_ID,
  ATTR_GEN_AI_TOOL_NAME,
  ATTR_GEN_AI_TOOL_TYPE,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  ATTR_MCP_METHOD_NAME,
} from "@opentelemetry/semantic-conventions/incubating";
import type { Attributes, Span } from "./spans";

/** Switchboard's own attributes, beside the conventions'. */
export const RUN_ID = "switchboard.run.id";
export const WORKFLOW_ID = "switchboard.workflow.id";
export const NODE_ID = "switchboard.node.id";
export const NODE_TYPE = "switchboard.node.type";
export const COST_USD = "switchboard.cost_usd";

/** The conventions' well-known provider names, where a Switchboard provider is one. */
function providerName(provider: string): string {
  if (provider === "anthropic") return "anthropic";
  if (provider === "openai-compatible") return "openai";
  return provider;
}

export const modelCallSpanName = (model: string) => `chat ${model}`;

export function modelCallAttributes(provider: string, model: string): Attributes {
  const name = providerName(provider);
  // gen_ai.system is the older name of gen_ai.provider.name; both, for backends that read either.
  return {
    [ATTR_GEN_AI_OPERATION_NAME]: "chat",
    [ATTR_GEN_AI_PROVIDER_NAME]: name,
    [ATTR_GEN_AI_SYSTEM]: name,
    [ATTR_GEN_AI_REQUEST_MODEL]: model,
  };
}

export function recordModelUsage(
  span: Span,
  usage: { inputTokens?: number; outputTokens?: number },
  finishReason?: string,
): void {
  if (usage.inputTokens !== undefined) span.setAttribute(ATTR_GEN_AI_USAGE_INPUT_TOKENS, usage.inputTokens);
  if (usage.outputTokens !== undefined) span.setAttribute(ATTR_GEN_AI_USAGE_OUTPUT_TOKENS, usage.outputTokens);
  if (finishReason) span.setAttribute(ATTR_GEN_AI_RESPONSE_FINISH_REASONS, [finishReason]);
}

export const toolCallSpanName = (toolName: string) => `execute_tool ${toolName}`;

export function toolCallAttributes(toolName: string, callId?: string): Attributes {
  return {
    [ATTR_GEN_AI_OPERATION_NAME]: "execute_tool",
    [ATTR_GEN_AI_TOOL_NAME]: toolName,
    [ATTR_GEN_AI_TOOL_TYPE]: "extension",
    ...(callId ? { [ATTR_GEN_AI_TOOL_CALL_ID]: callId } : {}),
  };
}

/** An MCP `tools/call` (the gateway answering one, or a worker calling an MCP server). */
export const mcpCallSpanName = (toolName: string) => `tools/call ${toolName}`;

export function mcpCallAttributes(toolName: string, callId?: string): Attributes {
  return { ...toolCallAttributes(toolName, callId), [ATTR_MCP_METHOD_NAME]: "tools/call" };
}

/** An agent node's span: `invoke_agent {label}`. */
export const agentSpanName = (label: string) => `invoke_agent ${label}`;

export function agentAttributes(label: string): Attributes {
  return { [ATTR_GEN_AI_OPERATION_NAME]: "invoke_agent", [ATTR_GEN_AI_AGENT_NAME]: label };
}
