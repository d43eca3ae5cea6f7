/**
 * The model call read off the provider's stream (stream-model-call.ts), against real HTTP servers speaking the
 * providers' APIs: what the AI SDK's streamText would hand the agent for the cases a model gets wrong — a tool it was
 * not given, input that is not JSON — and for what must go back to the model as it came (signed thinking), an
 * abort in the middle of a streamed answer, and an answer past its size budget.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startFakeAnthropicMessages, thinkingSignature } from "../testing/fake-anthropic-messages";
import { startFakeChatCompletions, type ScriptedReply } from "../testing/fake-chat-completions";
import { lookupTools } from "../testing/lookup-tool";
import { createModel, ModelSettings } from "./models";
import { runAgent } from "./run-agent";
import { MAX_ANSWER_CHARS } from "./model-step";
import { streamModelCall } from "./stream-model-call";

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

async function chatModel(replies: ScriptedReply[], options: { paceMs?: number } = {}) {
  const server = await startFakeChatCompletions(replies, options);
  closers.push(server.close);
  const settings = { provider: "openai-compatible", baseUrl: server.baseUrl, model: "m" };
  return { server, model: createModel(ModelSettings.parse(settings)) };
}

const ask = { messages: [{ role: "user" as const, content: "Weather in Oslo?" }], tools: lookupTools() };

describe("a streamed model call", () => {
  it("answers a call to a tool it was not given with the error, tells the node, and runs nothing", async () => {
    const { model } = await chatModel([{ toolCall: { name: "delete_everything", arguments: { all: true } } }]);
    const unknown: string[] = [];
    const onUnknownTool = async (name: string, input: string) => void unknown.push(`${name} ${input}`);
    const result = await streamModelCall({ model, ...ask, onUnknownTool }, () => undefined);

    expect(unknown).toEqual(['delete_everything {"all":true}']);
    expect(result.finishReason).toBe("tool-calls");
    expect(result.toolCalls).toEqual([
      expect.objectContaining({ toolName: "delete_everything", input: { all: true }, invalid: true }),
    ]);
    const [assistant, tool] = result.response.messages;
    expect(assistant).toEqual({
      role: "assistant",
      content: [{ type: "tool-call", toolCallId: "call_1", toolName: "delete_everything", input: { all: true } }],
    });
    expect(tool).toMatchObject({
      role: "tool",
      content: [{ type: "tool-result", toolCallId: "call_1", output: { type: "error-text" } }],
    });
    expect(JSON.stringify(tool)).toContain("unavailable tool 'delete_everything'");
  });

  it("answers input that is not JSON as invalid, and the model reads why on its next call", async () => {
    const { server, model } = await chatModel([
      { toolCall: { name: "lookup", arguments: '{"city": "Oslo' } },
      { text: "I could not look it up." },
    ]);
    const result = await runAgent({ model, prompt: "Weather in Oslo?", tools: lookupTools(), maxIterations: 3 });

    expect(result).toMatchObject({ text: "I could not look it up.", iterations: 2 });
    const told = server.received[1].body.messages.find((message) => message.role === "tool");
    expect(told).toMatchObject({ tool_call_id: "call_1" });
    expect(String(told?.content)).toContain("Invalid input for tool lookup");
    // The broken input goes back as the model wrote it would not be JSON: an empty object stands for it.
    expect(JSON.stringify(server.received[1].body.messages)).toContain('"arguments":"{}"');
  });

  it("sends Anthropic's signed thinking back with the tool result, as the API requires", async () => {
    const server = await startFakeAnthropicMessages([
      { thinking: "Oslo needs a lookup.", toolCall: { name: "lookup", arguments: { city: "Oslo" } } },
      { text: "It is 4°C in Oslo." },
    ]);
    closers.push(server.close);
    const settings = { provider: "anthropic", baseUrl: server.baseUrl, model: "claude-test", apiKey: "k" };
    const model = createModel(ModelSettings.parse(settings));
    const result = await runAgent({ model, prompt: "Weather in Oslo?", tools: lookupTools(), maxIterations: 3 });

    expect(result.text).toBe("It is 4°C in Oslo.");
    const assistant = server.received[1].body.messages.find((message) => message.role === "assistant");
    expect(assistant?.content).toEqual([
      { type: "thinking", thinking: "Oslo needs a lookup.", signature: thinkingSignature(1) },
      expect.objectContaining({ type: "tool_use", name: "lookup", input: { city: "Oslo" } }),
    ]);
  });

  it("ends at an abort in the middle of the answer, with the abort's reason, after the text so far", async () => {
    const words = Array.from({ length: 40 }, (_, index) => `word${index}`).join(" ");
    const { server, model } = await chatModel([{ text: words }], { paceMs: 20 });
    const controller = new AbortController();
    const seen: string[] = [];
    const onText = (delta: string) => {
      seen.push(delta);
      if (seen.length === 3) controller.abort(new Error("the run was cancelled"));
    };
    const call = streamModelCall({ model, ...ask, abortSignal: controller.signal }, onText);

    await expect(call).rejects.toThrow("the run was cancelled");
    expect(seen).toHaveLength(3);
    await expect.poll(() => server.inFlight()).toBe(0); // the answer's connection was let go
  });

  it("cuts off an answer past its size budget and passes on none of the excess", async () => {
    const word = `${"x".repeat(9_999)} `;
    const { model } = await chatModel([{ text: word.repeat(300) }]); // 3,000,000 characters
    let passedOn = 0;
    const call = streamModelCall({ model, ...ask }, (delta) => void (passedOn += delta.length));

    await expect(call).rejects.toThrow("The model's answer passed 2,000,000 characters");
    expect(passedOn).toBeGreaterThan(MAX_ANSWER_CHARS - 2 * word.length);
    expect(passedOn).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
  });
});
