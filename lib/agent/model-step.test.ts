/**
 * The size budget of a streamed answer where a provider keeps the pieces itself: a tool call's input arrives as
 * pieces the provider gathers, and it hands the whole input over only at the end (or never, if it never ends).
 */
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { MAX_ANSWER_CHARS, readModelStream } from "./model-step";

const PIECE = "x".repeat(100_000);

describe("an answer's size budget", () => {
  it("cuts off a tool call whose input never ends, as its pieces pass the budget, and lets the stream go", async () => {
    let sent = 0;
    let cancelled = false;
    const endless = new ReadableStream<LanguageModelV3StreamPart>({
      start: (controller) => controller.enqueue({ type: "tool-input-start", id: "call_1", toolName: "lookup" }),
      // A piece per turn of the event loop, as from a socket (a reader that never stops fails on its timeout).
      pull: async (controller) => {
        await new Promise((resolve) => setImmediate(resolve));
        sent += PIECE.length;
        controller.enqueue({ type: "tool-input-delta", id: "call_1", delta: PIECE });
      },
      cancel: () => void (cancelled = true),
    });

    await expect(readModelStream(endless, () => undefined)).rejects.toThrow("The model's answer passed 2,000,000");
    expect(sent).toBeLessThanOrEqual(MAX_ANSWER_CHARS + 2 * PIECE.length);
    expect(cancelled).toBe(true);
  });

  it("counts a streamed tool call's input once: its pieces, then the whole input handed over", async () => {
    const input = "y".repeat(MAX_ANSWER_CHARS * 0.6);
    const parts: LanguageModelV3StreamPart[] = [
      { type: "tool-input-start", id: "call_1", toolName: "lookup" },
      { type: "tool-input-delta", id: "call_1", delta: input },
      { type: "tool-input-end", id: "call_1" },
      { type: "tool-call", toolCallId: "call_1", toolName: "lookup", input },
      {
        type: "finish",
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        },
      },
    ];
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      start: (controller) => {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });

    const step = await readModelStream(stream, () => undefined);
    expect(step.blocks).toEqual([expect.objectContaining({ type: "tool-call", toolCallId: "call_1", input })]);
  });
});
