/**
 * Each provider's real client code against a real HTTP server speaking its API: the agent loop
 * sends the tools, runs the model's tool call, hands back the result and reads the answer.
 */
import { afterEach, describe, expect, it } from "vitest";
import { lookupTools } from "../testing/lookup-tool";
import { startFakeAnthropicMessages } from "../testing/fake-anthropic-messages";
import { startFakeChatCompletions } from "../testing/fake-chat-completions";
import { createModel, ModelSettings } from "./models";
import { runAgent } from "./run-agent";

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

const replies = [{ toolCall: { name: "lookup", arguments: { city: "Oslo" } } }, { text: "It is 4°C in Oslo." }];

describe("model providers", () => {
  it("OpenAI-compatible: sends the key, model and tools, and returns the tool result as a tool message", async () => {
    const server = await startFakeChatCompletions(replies);
    closers.push(server.close);
    const model = createModel(
      ModelSettings.parse({
        provider: "openai-compatible",
        baseUrl: server.baseUrl,
        model: "gpt-test",
        apiKey: "sk-oa",
      }),
    );
    const result = await runAgent({ model, prompt: "Weather in Oslo?", tools: lookupTools(), maxIterations: 5 });
    expect(result).toMatchObject({
      text: "It is 4°C in Oslo.",
      iterations: 2,
      usage: { inputTokens: 40, outputTokens: 10, totalTokens: 50 },
    });
    expect(server.received[0].authorization).toBe("Bearer sk-oa");
    expect(server.received[0].body.model).toBe("gpt-test");
    expect(server.received[0].body.tools?.map((t) => t.function.name)).toEqual(["lookup"]);
    expect(server.received[1].body.messages.find((m) => m.role === "tool")?.content).toContain("Oslo: 4°C");
  });

  it("Anthropic: speaks messages with tool_use and tool_result blocks", async () => {
    const server = await startFakeAnthropicMessages(replies);
    closers.push(server.close);
    const model = createModel(
      ModelSettings.parse({ provider: "anthropic", baseUrl: server.baseUrl, model: "claude-test", apiKey: "sk-ant" }),
    );
    const result = await runAgent({
      model,
      system: "Be brief.",
      prompt: "Weather in Oslo?",
      tools: lookupTools(),
      maxIterations: 5,
    });
    expect(result).toMatchObject({
      text: "It is 4°C in Oslo.",
      iterations: 2,
      usage: { inputTokens: 60, outputTokens: 14, totalTokens: 74 },
    });
    expect(server.received).toHaveLength(2);
    expect(server.received[0]).toMatchObject({
      apiKey: "sk-ant",
      body: { model: "claude-test", tools: [{ name: "lookup" }] },
    });
    expect(JSON.stringify(server.received[0].body.system)).toContain("Be brief.");
    const blocks = server.received[1].body.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
    expect(blocks).toContainEqual(expect.objectContaining({ type: "tool_use", name: "lookup" }));
    expect(JSON.stringify(blocks.find((b) => b.type === "tool_result"))).toContain("Oslo: 4°C");
  });

  it("Anthropic: a failing tool goes back as an error tool_result, and the forced last call allows no tools", async () => {
    const server = await startFakeAnthropicMessages([
      { toolCall: { name: "lookup", arguments: { city: "Atlantis" } } },
      { text: "Could not find it." },
    ]);
    closers.push(server.close);
    const model = createModel(
      ModelSettings.parse({ provider: "anthropic", baseUrl: server.baseUrl, model: "claude-test", apiKey: "sk-ant" }),
    );
    const result = await runAgent({ model, prompt: "Weather in Atlantis?", tools: lookupTools(), maxIterations: 1 });
    expect(result).toMatchObject({ text: "Could not find it.", iterations: 2, hitLimit: true });
    const toolResult = server.received[1].body.messages
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .find((b) => b.type === "tool_result");
    expect(toolResult).toMatchObject({ is_error: true });
    expect(JSON.stringify(toolResult)).toContain("unknown city Atlantis");
    // The last call still describes the tools (Anthropic refuses tool_result blocks without them) but forbids using
    // them.
    expect(server.received[1].body).toMatchObject({ tools: [{ name: "lookup" }], tool_choice: { type: "none" } });
  });
});
