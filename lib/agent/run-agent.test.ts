/**
 * The agent loop against the real AI SDK with the scripted model: answers, tool calls, errors fed back, the forced
 * answer, usage.
 */
import { jsonSchema, tool, type ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import { runAgent, type AgentStep } from "./run-agent";
import { AgentScript, ScriptedLanguageModel } from "./scripted-model";
import { resumedConversation } from "./resumed-conversation";
import type { RecordedConversation, RecordedStep } from "../nodes/types";
import type { ToolCallRecord } from "../runs/events";

function echoTools(calls: unknown[]): ToolSet {
  return {
    echo: tool({
      description: "Echoes its text",
      inputSchema: jsonSchema<{ text: string }>({
        type: "object",
        properties: { text: { type: "string" } },
        required: ["text"],
      }),
      execute: async ({ text }) => {
        calls.push(text);
        return `echo:${text}`;
      },
    }),
    broken: tool({
      description: "Always fails",
      inputSchema: jsonSchema<Record<string, unknown>>({ type: "object", properties: {} }),
      execute: async (): Promise<string> => {
        throw new Error("disk on fire");
      },
    }),
  };
}

async function run(script: Partial<AgentScript>, maxIterations = 10, tokenBudget?: number) {
  const calls: unknown[] = [];
  const steps: AgentStep[] = [];
  const model = new ScriptedLanguageModel(AgentScript.parse(script));
  const result = await runAgent({
    model,
    prompt: "hello there",
    tools: echoTools(calls),
    maxIterations,
    tokenBudget,
    onStep: (step) => void steps.push(step),
  });
  return { result, calls, steps };
}

describe("runAgent", () => {
  it("answers at once when the model calls no tools", async () => {
    const { result, calls, steps } = await run({ finalText: "You said: {{input}}" });
    expect(result).toMatchObject({
      text: "You said: hello there",
      iterations: 1,
      hitLimit: false,
      stopReason: "answered",
    });
    expect(calls).toEqual([]);
    expect(steps.map((s) => [s.iteration, s.toolCalls, s.finishReason])).toEqual([[1, 0, "stop"]]);
  });

  it("runs one tool call and gives the model its result", async () => {
    const { result, calls, steps } = await run({
      toolCalls: [{ tool: "echo", args: { text: "ping" } }],
      finalText: "got {{results.0}}",
    });
    expect(calls).toEqual(["ping"]);
    expect(result).toMatchObject({ text: "got echo:ping", iterations: 2, hitLimit: false });
    expect(steps.map((s) => s.toolCalls)).toEqual([1, 0]);
  });

  it("feeds a failing tool's error back to the model and goes on", async () => {
    const { result, calls } = await run({
      toolCalls: [
        { tool: "broken", args: {} },
        { tool: "echo", args: { text: "after" } },
      ],
      finalText: "first={{results.0}} then={{results.1}}",
    });
    expect(result.text).toContain("disk on fire");
    expect(result.text).toContain("then=echo:after");
    expect(calls).toEqual(["after"]);
    expect(result.iterations).toBe(3);
  });

  it("forces a final answer without tools at the iteration limit", async () => {
    const toolCalls = Array.from({ length: 6 }, (_, i) => ({ tool: "echo", args: { text: `n${i}` } }));
    const { result, calls, steps } = await run({ toolCalls, finalText: "gave up after {{results.last}}" }, 2);
    expect(calls).toEqual(["n0", "n1"]);
    expect(result).toMatchObject({
      text: "gave up after echo:n1",
      iterations: 3,
      hitLimit: true,
      stopReason: "max iterations",
    });
    expect(steps.map((s) => s.toolCalls)).toEqual([1, 1, 0]);
    expect(steps.map((s) => s.stopReason)).toEqual([undefined, undefined, "max iterations"]);
  });

  describe("token budget", () => {
    const toolCalls = Array.from({ length: 6 }, (_, i) => ({ tool: "echo", args: { text: `n${i}` } }));
    const usagePerCall = { inputTokens: 80, outputTokens: 20 }; // 100 a call

    it("stops asking for tools once the calls so far used more than the budget, and forces the answer", async () => {
      const { result, calls, steps } = await run(
        { toolCalls, finalText: "spent after {{results.last}}", usagePerCall },
        10,
        250,
      );
      // 100, 200, then 300 > 250: the third call's tools still ran, the fourth is the forced answer.
      expect(calls).toEqual(["n0", "n1", "n2"]);
      expect(result).toMatchObject({
        text: "spent after echo:n2",
        iterations: 4,
        hitLimit: true,
        stopReason: "token budget",
      });
      expect(result.usage).toEqual({ inputTokens: 320, outputTokens: 80, totalTokens: 400 });
      expect(steps.map((s) => [s.toolCalls, s.stopReason])).toEqual([
        [1, undefined],
        [1, undefined],
        [1, undefined],
        [0, "token budget"],
      ]);
    });

    it("counts input and output tokens: a budget used up exactly is not exceeded", async () => {
      // 300 tokens after the third call, which asked for a tool: the loop goes on, and the model answers by itself.
      const { result, calls } = await run({ toolCalls: toolCalls.slice(0, 3), usagePerCall }, 10, 300);
      expect(calls).toEqual(["n0", "n1", "n2"]);
      expect(result).toMatchObject({ iterations: 4, hitLimit: false, stopReason: "answered" });
    });

    it("means no limit when 0", async () => {
      const { result, calls } = await run({ toolCalls, usagePerCall }, 10, 0);
      expect(calls).toHaveLength(6);
      expect(result).toMatchObject({ iterations: 7, stopReason: "answered" });
    });
  });

  it("sums token usage across every model call", async () => {
    const { result, steps } = await run({
      toolCalls: [
        { tool: "echo", args: { text: "a" } },
        { tool: "echo", args: { text: "b" } },
      ],
    });
    expect(steps).toHaveLength(3);
    const sum = (key: "inputTokens" | "outputTokens") => steps.reduce((total, s) => total + s.usage[key], 0);
    expect(result.usage.inputTokens).toBe(sum("inputTokens"));
    expect(result.usage.outputTokens).toBe(sum("outputTokens"));
    expect(result.usage.totalTokens).toBe(sum("inputTokens") + sum("outputTokens"));
    expect(steps.every((s) => s.usage.inputTokens > 0)).toBe(true);
  });
});

describe("runAgent resumed from its records", () => {
  const script = AgentScript.parse({
    toolCalls: [
      { tool: "echo", args: { text: "one" } },
      { tool: "echo", args: { text: "two" } },
    ],
    finalText: "first={{results.0}} then={{results.1}}",
  });

  /** The steps a first attempt recorded before its worker died during the second step's call. */
  async function firstAttemptSteps(): Promise<RecordedStep[]> {
    const steps: AgentStep[] = [];
    await runAgent({
      model: new ScriptedLanguageModel(script),
      prompt: "hello there",
      tools: echoTools([]),
      maxIterations: 10,
      onStep: (step) => void steps.push(step),
    });
    return steps.slice(0, 2); // each step is recorded before its calls run: the second one's call was cut off
  }

  async function resume(maySendAgain: boolean) {
    const steps = await firstAttemptSteps();
    const firstCallId = (steps[0].messages ?? []).flatMap((m) => m.parts).find((p) => p.type === "tool-call")?.callId;
    const recorded: RecordedConversation = {
      steps,
      completedCalls: new Map([
        [
          `agent:${firstCallId}`,
          {
            callId: `agent:${firstCallId}`,
            toolName: "echo",
            args: {},
            result: "echo:recorded",
            isError: false,
            iteration: 1,
            durationMs: 3,
          },
        ],
      ]),
      startedCalls: new Set(),
      maySendAgain: async () => maySendAgain,
    };
    const calls: unknown[] = [];
    const model = new ScriptedLanguageModel(script);
    let modelCalls = 0;
    const generate = model.doGenerate.bind(model);
    model.doGenerate = (options) => (modelCalls++, generate(options));
    const log: ToolCallRecord[] = [];
    const result = await runAgent({
      model,
      prompt: "hello there",
      tools: echoTools(calls),
      maxIterations: 10,
      resume: resumedConversation(recorded, "agent", log),
    });
    return { result, calls, modelCalls, log };
  }

  it("does not call the model for recorded steps and hands back the recorded result of a completed call", async () => {
    const { result, calls, modelCalls, log } = await resume(true);
    expect(modelCalls).toBe(1); // only the step after the recorded ones
    expect(calls).toEqual(["two"]); // the completed call is not run again; the cut-off one, harmless, is
    expect(result).toMatchObject({ text: "first=echo:recorded then=echo:two", iterations: 3 });
    expect(log.map((call) => call.result)).toEqual(["echo:recorded"]);
  });

  it("answers a cut-off call of a tool that is not harmless to repeat with an error instead of sending it", async () => {
    const { result, calls, modelCalls } = await resume(false);
    expect(modelCalls).toBe(1);
    expect(calls).toEqual([]);
    expect(result.text).toContain("first=echo:recorded");
    expect(result.text).toContain("may or may not have run");
  });
});
