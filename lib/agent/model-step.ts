/**
 * One model call's answer as the provider streams it (its AI SDK stream parts), gathered into a step: the text blocks,
 * reasoning and files in their order with the provider's metadata (a model that signs its reasoning needs it back),
 * the tool calls it asked for, the finish reason, usage and warnings. Text reaches `onText` as it arrives. An error
 * part, or an abort, is thrown. This is what the AI SDK's streamText gathers, without its layers of web streams: they
 * cost several times the provider's own parsing, per call and per streamed piece. An answer is outside work with a
 * budget: past MAX_ANSWER_CHARS (text, reasoning, tool inputs and files together) it is cut off and the call fails.
 */
import type {
  LanguageModelV3File,
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
  LanguageModelV3ToolCall,
  LanguageModelV3Usage,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from "@ai-sdk/provider";

/**
 * The most one answer may hold, in characters: well above what any model writes in one answer (its output token limit
 * is a few hundred thousand characters at most), far below what would strain a worker that answers many agents.
 */
export const MAX_ANSWER_CHARS = 2_000_000;

/** A text or reasoning block, gathered from its pieces. */
type Written = { type: "text" | "reasoning"; text: string; providerMetadata?: SharedV3ProviderMetadata };

export type StreamedStep = {
  /** In the order the model gave them; a tool call keeps its place among the text. */
  blocks: (Written | LanguageModelV3File | LanguageModelV3ToolCall)[];
  finishReason: LanguageModelV3FinishReason;
  usage: LanguageModelV3Usage;
  warnings: SharedV3Warning[];
};

/** Gathers the parts of one streamed answer; `part` takes them one by one. */
class StepGatherer {
  readonly blocks: StreamedStep["blocks"] = [];
  warnings: SharedV3Warning[] = [];
  finish?: { finishReason: LanguageModelV3FinishReason; usage: LanguageModelV3Usage };
  /** The text and reasoning blocks still taking pieces, by kind and the provider's id. */
  private readonly open = new Map<string, Written>();
  private chars = 0;
  /**
   * Each tool call's input counted so far from its pieces: the provider gathers them itself and hands the whole input
   * over only at the end, so they are counted as they come, and the call's input only past them.
   */
  private readonly toolInputChars = new Map<string, number>();

  constructor(private readonly onText: (delta: string) => void) {}

  part(part: LanguageModelV3StreamPart): void {
    switch (part.type) {
      case "stream-start":
        this.warnings = part.warnings;
        break;
      case "text-start":
      case "reasoning-start":
        this.start(part.type === "text-start" ? "text" : "reasoning", part.id, part.providerMetadata);
        break;
      case "text-delta":
        this.append(this.block("text", part.id), part.delta, part.providerMetadata);
        this.onText(part.delta);
        break;
      case "reasoning-delta":
        this.append(this.block("reasoning", part.id), part.delta, part.providerMetadata);
        break;
      case "text-end":
      case "reasoning-end":
        this.end(part.type === "text-end" ? "text" : "reasoning", part.id, part.providerMetadata);
        break;
      case "file":
        this.count(typeof part.data === "string" ? part.data.length : part.data.byteLength);
        this.blocks.push(part);
        break;
      case "tool-input-delta":
        this.count(part.delta.length);
        this.toolInputChars.set(part.id, (this.toolInputChars.get(part.id) ?? 0) + part.delta.length);
        break;
      case "tool-call":
        this.count(Math.max(0, part.input.length - (this.toolInputChars.get(part.toolCallId) ?? 0)));
        this.blocks.push(part);
        break;
      case "finish":
        this.finish = { finishReason: part.finishReason, usage: part.usage };
        break;
      case "error":
        throw part.error;
    }
  }

  private start(type: Written["type"], id: string, providerMetadata?: SharedV3ProviderMetadata) {
    const block: Written = { type, text: "", ...(providerMetadata ? { providerMetadata } : {}) };
    this.open.set(`${type}:${id}`, block);
    this.blocks.push(block);
  }

  private block(type: Written["type"], id: string): Written {
    const block = this.open.get(`${type}:${id}`);
    if (!block) throw new Error(`The model's stream sent a piece of ${type} part "${id}" before the part began`);
    return block;
  }

  private append(block: Written, delta: string, providerMetadata?: SharedV3ProviderMetadata) {
    this.count(delta.length);
    block.text += delta;
    if (providerMetadata) block.providerMetadata = providerMetadata;
  }

  private count(chars: number) {
    this.chars += chars;
    if (this.chars > MAX_ANSWER_CHARS)
      throw new Error(
        `The model's answer passed ${MAX_ANSWER_CHARS.toLocaleString("en")} characters (text, reasoning, tool inputs ` +
          "and files together) and was cut off",
      );
  }

  private end(type: Written["type"], id: string, providerMetadata?: SharedV3ProviderMetadata) {
    const block = this.block(type, id);
    if (providerMetadata) block.providerMetadata = providerMetadata;
    this.open.delete(`${type}:${id}`);
  }
}

/** Reads the whole stream; an abort of `signal` is thrown as its reason, as the caller's own abort. */
export async function readModelStream(
  stream: ReadableStream<LanguageModelV3StreamPart>,
  onText: (delta: string) => void,
  signal?: AbortSignal,
): Promise<StreamedStep> {
  const gatherer = new StepGatherer(onText);
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      gatherer.part(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined); // the rest of the answer is not wanted: its connection goes
    signal?.throwIfAborted();
    throw error;
  }
  signal?.throwIfAborted();
  if (!gatherer.finish) throw new Error("The model's answer ended before the model finished it");
  return { blocks: gatherer.blocks, warnings: gatherer.warnings, ...gatherer.finish };
}
