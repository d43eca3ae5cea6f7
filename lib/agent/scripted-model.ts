/**
 * The deterministic "scripted" model: a real AI SDK LanguageModelV3 whose answers come from a
 * script in the agent's params instead of a network call. It makes workflows runnable offline
 * and gives tests an exact, repeatable agent. Step N of a conversation plays tool call N of the
 * script; after the last call it answers with `finalText`, where `{{results.0}}` quotes the
 * first tool result, `{{results.last}}` the latest one and `{{input}}` the user prompt; the same
 * placeholders are filled in the text values of a scripted call's arguments.
 * Streamed, the answer comes a word at a time (`streamDelayMs` apart).
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3ToolResultOutput,
} from "@ai-sdk/provider";
import { z } from "zod";

export const AgentScript = z.object({
  toolCalls: z
    .array(z.object({ tool: z.string().min(1), args: z.record(z.string(), z.unknown()).default({}) }))
    .default([]),
  finalText: z.string().default("Done."),
  /**
   * Streams the answer a word at a time with this pause between words, so the live view's streaming can be watched (0:
   * all at once).
   */
  streamDelayMs: z.number().int().min(0).max(1000).default(0),
  /** Tokens every call reports, instead of counting words: exact numbers for token budgets. */
  usagePerCall: z.object({ inputTokens: z.number().int().min(0), outputTokens: z.number().int().min(0) }).optional(),
});
export type AgentScript = z.infer<typeof AgentScript>;

/** Words, roughly: the scripted model reports usage so token accounting is exercised offline too. */
function countTokens(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function outputToText(output: LanguageModelV3ToolResultOutput): string {
  switch (output.type) {
    case "text":
    case "error-text":
      return output.value;
    case "json":
    case "error-json":
      return JSON.stringify(output.value);
    case "execution-denied":
      return `denied${output.reason ? `: ${output.reason}` : ""}`;
    case "content":
      return output.value.map((part) => (part.type === "text" ? part.text : `[${part.type}]`)).join("\n");
  }
}

function readConversation(prompt: LanguageModelV3Prompt) {
  const userText = prompt
    .filter((m) => m.role === "user")
    .flatMap((m) => m.content)
    .map((part) => (part.type === "text" ? part.text : ""))
    .join("\n");
  const results = prompt
    .filter((m) => m.role === "tool")
    .flatMap((m) => m.content)
    .flatMap((part) => (part.type === "tool-result" ? [outputToText(part.output)] : []));
  const previousSteps = prompt.filter((m) => m.role === "assistant").length;
  return { userText, results, previousSteps, promptText: JSON.stringify(prompt) };
}

export function fillFinalText(template: string, input: string, results: string[]): string {
  return template.replace(/\{\{\s*(input|results\.(\d+|last))\s*\}\}/g, (_match, key: string, index?: string) => {
    if (key === "input") return input;
    const i = index === "last" ? results.length - 1 : Number(index);
    return results[i] ?? `(no result ${index})`;
  });
}

/** A scripted call's arguments with the placeholders of `fillFinalText` filled in every text value, however deep. */
export function fillScriptedArgs(value: unknown, input: string, results: string[]): unknown {
  if (typeof value === "string") return fillFinalText(value, input, results);
  if (Array.isArray(value)) return value.map((item) => fillScriptedArgs(item, input, results));
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillScriptedArgs(item, input, results)]),
    );
  return value;
}

export class ScriptedLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = "v3";
  readonly provider = "switchboard.scripted";
  readonly modelId = "scripted";
  readonly supportedUrls = {};

  constructor(readonly script: AgentScript) {}

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const { userText, results, previousSteps, promptText } = readConversation(options.prompt);
    const toolsAllowed = (options.tools?.length ?? 0) > 0 && options.toolChoice?.type !== "none";
    const next = this.script.toolCalls[previousSteps];
    const content: LanguageModelV3Content[] =
      next && toolsAllowed
        ? [
            {
              type: "tool-call",
              toolCallId: `call_${previousSteps + 1}`,
              toolName: next.tool,
              input: JSON.stringify(fillScriptedArgs(next.args, userText, results)),
            },
          ]
        : [{ type: "text", text: fillFinalText(this.script.finalText, userText, results) }];
    const outputText = JSON.stringify(content);
    const { inputTokens, outputTokens } = this.script.usagePerCall ?? {
      inputTokens: countTokens(promptText),
      outputTokens: countTokens(outputText),
    };
    return {
      content,
      finishReason: { unified: content[0].type === "tool-call" ? "tool-calls" : "stop", raw: undefined },
      usage: {
        inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
      },
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV3CallOptions) {
    const result = await this.doGenerate(options);
    const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
    for (const [i, part] of result.content.entries()) {
      if (part.type === "text") {
        const words = part.text.match(/\S+\s*|\s+/g) ?? [""];
        parts.push(
          { type: "text-start", id: `t${i}` },
          ...words.map((delta) => ({ type: "text-delta" as const, id: `t${i}`, delta })),
          { type: "text-end", id: `t${i}` },
        );
      } else if (part.type === "tool-call") {
        parts.push(part);
      }
    }
    parts.push({ type: "finish", usage: result.usage, finishReason: result.finishReason });
    const { streamDelayMs } = this.script;
    const signal = options.abortSignal;
    return {
      stream: new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          for (const part of parts) {
            if (streamDelayMs > 0 && part.type === "text-delta")
              await new Promise((resolve) => setTimeout(resolve, streamDelayMs));
            if (signal?.aborted) return controller.error(signal.reason);
            controller.enqueue(part);
          }
          controller.close();
        },
      }),
    };
  }
}
