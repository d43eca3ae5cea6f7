/**
 * One model call, streamed: the same request and result as generateText, but the answer's text
 * reaches `onText` as it arrives (the run view shows it token by token). A stream error is thrown,
 * as generateText would, instead of being logged and swallowed; an abort ends the call. A model
 * that answers at once (the scripted test model without a pace) has nothing to stream and is
 * called with generateText (unless it must give a structured answer): streaming's machinery costs a
 * third of a trivial run's CPU.
 * The provider's warnings about the call come back with its result (model-warnings.ts logs them).
 */
import { generateText, NoSuchToolError, streamText, type LanguageModel, type ModelMessage, type ToolSet } from "ai";
import { answersAtOnce } from "./scripted-model";
import type { AnswerFormat } from "./structured-answer";
import "./model-warnings"; // the SDK's own console warnings off: callers log them per node

export type ModelCall = {
  model: LanguageModel;
  system?: string;
  messages: ModelMessage[];
  tools?: ToolSet;
  toolChoice?: "none";
  /**
   * Structured output (structured-answer.ts): the schema goes to the provider as the response format; the node checks
   * the answer's text itself, so a mismatch is asked again rather than thrown here.
   */
  output?: AnswerFormat["output"];
  abortSignal?: AbortSignal;
  /**
   * Told when the model calls a tool it was not given (the SDK answers it with an error by itself):
   * the node sends the call on to the gateway, which refuses it there and so records it.
   */
  onUnknownTool?: (toolName: string, input: string, toolCallId: string) => Promise<unknown>;
};

function sdkCall({ onUnknownTool, ...call }: ModelCall) {
  if (!onUnknownTool) return call;
  return {
    ...call,
    experimental_repairToolCall: async ({
      toolCall,
      error,
    }: {
      toolCall: { toolName: string; input: string; toolCallId: string };
      error: unknown;
    }) => {
      if (NoSuchToolError.isInstance(error))
        await onUnknownTool(toolCall.toolName, toolCall.input, toolCall.toolCallId).catch(() => undefined);
      return null; // nothing to repair: the SDK tells the model the tool does not exist
    },
  };
}

export async function streamModelCall(modelCall: ModelCall, onText: (delta: string) => void) {
  const call = sdkCall(modelCall);
  // generateText would parse a structured answer at once and throw on a mismatch: streamed, the node checks it
  if (answersAtOnce(call.model) && !call.output) return generateText(call);
  const result = streamText({ ...call, onError: () => undefined });
  for await (const part of result.fullStream) {
    if (part.type === "text-delta") onText(part.text);
    else if (part.type === "error") throw part.error;
    else if (part.type === "abort") call.abortSignal?.throwIfAborted();
  }
  // One read of the result: each of the SDK's result getters (text, usage…) tees and drains the stream again.
  const { text, toolCalls, finishReason, usage, response, warnings } = (await result.steps).at(-1)!;
  return { text, toolCalls, finishReason, usage, response, warnings };
}
