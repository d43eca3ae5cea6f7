/**
 * A streamed step (model-step.ts) as the model nodes read it, in the AI SDK's own terms: the tool calls checked
 * against the tools offered, the text, the usage, and the messages the step adds to the conversation. A call to a tool
 * that was not offered, or whose input is not JSON the tool takes, is marked invalid and answered with its error in a
 * tool message, as the SDK answers it, so the model reads what went wrong; `onUnknownTool` hears of the first kind
 * (the gateway records the refusal).
 */
import type { LanguageModelV3ToolCall } from "@ai-sdk/provider";
import { asSchema, convertUint8ArrayToBase64, safeParseJSON, safeValidateTypes } from "@ai-sdk/provider-utils";
import {
  InvalidToolInputError,
  NoSuchToolError,
  type AssistantModelMessage,
  type CallWarning,
  type FinishReason,
  type LanguageModelUsage,
  type ModelMessage,
  type ToolModelMessage,
  type ToolSet,
} from "ai";
import { asLanguageModelUsage } from "ai/internal";
import type { StreamedStep } from "./model-step";

export type StepToolCall = { toolCallId: string; toolName: string; input: unknown; invalid?: true; error?: Error };

export type UnknownToolHandler = (toolName: string, input: string, toolCallId: string) => Promise<unknown>;

export type StepResult = {
  text: string;
  toolCalls: StepToolCall[];
  finishReason: FinishReason;
  usage: LanguageModelUsage;
  warnings: CallWarning[];
  response: { messages: ModelMessage[] };
};

async function invalidCall(call: LanguageModelV3ToolCall, error: Error): Promise<StepToolCall> {
  const parsed = await safeParseJSON({ text: call.input });
  const input = parsed.success ? parsed.value : call.input;
  return { toolCallId: call.toolCallId, toolName: call.toolName, input, invalid: true, error };
}

async function parseToolCall(
  call: LanguageModelV3ToolCall,
  tools: ToolSet | undefined,
  onUnknownTool: UnknownToolHandler | undefined,
): Promise<StepToolCall> {
  const { toolCallId, toolName } = call;
  const tool = tools?.[toolName];
  if (!tool) {
    if (tools) await onUnknownTool?.(toolName, call.input, toolCallId).catch(() => undefined);
    return invalidCall(call, new NoSuchToolError({ toolName, availableTools: Object.keys(tools ?? {}) }));
  }
  const schema = asSchema(tool.inputSchema);
  const parsed =
    call.input.trim() === ""
      ? await safeValidateTypes({ value: {}, schema })
      : await safeParseJSON({ text: call.input, schema });
  if (!parsed.success)
    return invalidCall(call, new InvalidToolInputError({ toolName, toolInput: call.input, cause: parsed.error }));
  return { toolCallId, toolName, input: parsed.value };
}

const options = (providerMetadata: unknown) =>
  providerMetadata ? { providerOptions: providerMetadata as AssistantModelMessage["providerOptions"] } : {};

/**
 * What the step adds to the conversation: the model's message, then the answers to its invalid calls. `parsed`: each of
 * the step's tool-call blocks as checked.
 */
function responseMessages(step: StreamedStep, parsed: Map<LanguageModelV3ToolCall, StepToolCall>): ModelMessage[] {
  const content: Exclude<AssistantModelMessage["content"], string> = [];
  for (const block of step.blocks) {
    if (block.type === "text" && block.text.length > 0)
      content.push({ type: "text", text: block.text, ...options(block.providerMetadata) });
    else if (block.type === "reasoning")
      content.push({ type: "reasoning", text: block.text, ...options(block.providerMetadata) });
    else if (block.type === "file") {
      const data = typeof block.data === "string" ? block.data : convertUint8ArrayToBase64(block.data);
      content.push({ type: "file", data, mediaType: block.mediaType, ...options(block.providerMetadata) });
    } else if (block.type === "tool-call") {
      const { toolCallId, toolName, input: checked, invalid } = parsed.get(block)!;
      const input = invalid && (typeof checked !== "object" || checked === null) ? {} : checked;
      const executed = block.providerExecuted ? { providerExecuted: true } : {};
      content.push({ type: "tool-call", toolCallId, toolName, input, ...executed, ...options(block.providerMetadata) });
    }
  }
  const messages: ModelMessage[] = content.length > 0 ? [{ role: "assistant", content }] : [];
  const answers: ToolModelMessage["content"] = [...parsed.values()]
    .filter((call) => call.invalid)
    .map((call) => ({
      type: "tool-result",
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      output: { type: "error-text", value: call.error!.message },
    }));
  if (answers.length > 0) messages.push({ role: "tool", content: answers });
  return messages;
}

export async function stepResult(
  step: StreamedStep,
  tools: ToolSet | undefined,
  onUnknownTool?: UnknownToolHandler,
): Promise<StepResult> {
  const parsed = new Map<LanguageModelV3ToolCall, StepToolCall>();
  for (const block of step.blocks)
    if (block.type === "tool-call") parsed.set(block, await parseToolCall(block, tools, onUnknownTool));
  const text = step.blocks.map((block) => (block.type === "text" ? block.text : "")).join("");
  return {
    text,
    toolCalls: [...parsed.values()],
    finishReason: step.finishReason.unified,
    usage: asLanguageModelUsage(step.usage),
    warnings: step.warnings,
    response: { messages: responseMessages(step, parsed) },
  };
}
