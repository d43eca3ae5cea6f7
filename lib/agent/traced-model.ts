/**
 * Model calls as spans: an AI SDK middleware around the provider's own call (not the tools the SDK runs after it), so a
 * `chat {model}` span lasts exactly as long as the request to the model and carries the GenAI conventions' provider,
 * model, tokens and finish reason (lib/telemetry/gen-ai.ts). Models are wrapped only while tracing is on.
 */
import type { LanguageModelV3Middleware, LanguageModelV3StreamPart, LanguageModelV3Usage } from "@ai-sdk/provider";
import { wrapLanguageModel, type LanguageModel } from "ai";
import { modelCallAttributes, modelCallSpanName, recordModelUsage } from "../telemetry/gen-ai";
import { inOpenSpan, inSpan, markFailed, SpanKind, type Span } from "../telemetry/spans";
import { tracingStarted } from "../telemetry/tracing";

const usageOf = (usage: LanguageModelV3Usage) => ({
  inputTokens: usage.inputTokens.total,
  outputTokens: usage.outputTokens.total,
});

/**
 * Ends the span when the stream's `finish` part (with the usage) or an error part comes, or the stream ends; a stream
 * the caller drops half-read leaves an unended span, which is never exported.
 */
function endWithStream(span: Span, stream: ReadableStream<LanguageModelV3StreamPart>) {
  let ended = false;
  const end = () => void (ended || ((ended = true), span.end()));
  return stream.pipeThrough(
    new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
      transform(part, controller) {
        if (part.type === "finish") recordModelUsage(span, usageOf(part.usage), part.finishReason.unified);
        if (part.type === "error") markFailed(span, "the model's stream failed");
        controller.enqueue(part);
        if (part.type === "finish") end();
      },
      flush: end,
    }),
  );
}

function spansMiddleware(provider: string, model: string): LanguageModelV3Middleware {
  const options = { kind: SpanKind.CLIENT, attributes: modelCallAttributes(provider, model) };
  return {
    specificationVersion: "v3",
    wrapGenerate: ({ doGenerate }) =>
      inSpan(modelCallSpanName(model), options, async (span) => {
        const result = await doGenerate();
        recordModelUsage(span, usageOf(result.usage), result.finishReason.unified);
        return result;
      }),
    // The span outlives the call: it ends with the stream.
    wrapStream: ({ doStream }) =>
      inOpenSpan(modelCallSpanName(model), options, async (span) => {
        const result = await doStream();
        return { ...result, stream: endWithStream(span, result.stream) };
      }),
  };
}

export function withModelSpans(model: LanguageModel, provider: string, modelName: string): LanguageModel {
  if (!tracingStarted() || typeof model === "string" || model.specificationVersion !== "v3") return model;
  return wrapLanguageModel({ model, middleware: spansMiddleware(provider, modelName) });
}
