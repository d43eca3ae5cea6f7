/**
 * A model node's API key comes from the encrypted secret store, by reference or by a saved node's old apiKeyEnv name.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { putSecret } from "../secrets/secret-store";
import { startFakeAnthropicMessages } from "../testing/fake-anthropic-messages";
import { startFakeChatCompletions } from "../testing/fake-chat-completions";
import { modelFromParams } from "./model-params";
import { runAgent } from "./run-agent";
import { jsonSchema } from "ai";

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));
afterAll(async () => {
  await getDb().secret.deleteMany({ where: { name: { startsWith: "MODELS_TEST_" } } });
});

describe("model keys from secrets", () => {
  it("resolves the API key from a secret reference, and names a missing secret", async () => {
    const server = await startFakeAnthropicMessages([{ text: "hi" }]);
    closers.push(server.close);
    await putSecret("MODELS_TEST_ANTHROPIC_KEY", "sk-from-secret");
    const base = {
      script: { toolCalls: [], finalText: "", streamDelayMs: 0 },
      baseUrl: "",
      model: "claude-test",
      anthropicBaseUrl: server.baseUrl,
      provider: "anthropic" as const,
    };
    const { model, secretValues } = await modelFromParams({
      ...base,
      apiKey: { $secret: "MODELS_TEST_ANTHROPIC_KEY" },
    });
    expect(secretValues).toEqual(["sk-from-secret"]);
    await runAgent({ model, prompt: "hello", tools: {}, maxIterations: 1 });
    expect(server.received[0].apiKey).toBe("sk-from-secret");
    await expect(modelFromParams({ ...base, apiKey: { $secret: "MODELS_TEST_NOT_SET" } })).rejects.toThrow(
      'Secret "MODELS_TEST_NOT_SET" is not set',
    );
    await expect(modelFromParams(base)).rejects.toThrow("apiKey: Anthropic needs an API key");
  });

  it("reads a saved workflow's old apiKeyEnv as the secret of that name", async () => {
    const server = await startFakeChatCompletions([{ text: "hi" }]);
    closers.push(server.close);
    await putSecret("MODELS_TEST_LEGACY_KEY", "sk-legacy");
    const params = {
      provider: "openai-compatible" as const,
      script: { toolCalls: [], finalText: "", streamDelayMs: 0 },
      baseUrl: server.baseUrl,
      anthropicBaseUrl: "",
      model: "m",
    };
    const { model } = await modelFromParams({ ...params, apiKeyEnv: "MODELS_TEST_LEGACY_KEY" });
    await runAgent({ model, prompt: "hello", tools: {}, maxIterations: 1 });
    expect(server.received[0].authorization).toBe("Bearer sk-legacy");
    await expect(modelFromParams({ ...params, apiKeyEnv: "MODELS_TEST_LEGACY_MISSING" })).rejects.toThrow(
      'Secret "MODELS_TEST_LEGACY_MISSING" is not set',
    );
  });
});

describe("a model node's temperature and answer length", () => {
  const script = { toolCalls: [], finalText: "", streamDelayMs: 0 };

  it("reach an OpenAI-compatible server with every call, and stay out of the request when not set", async () => {
    const server = await startFakeChatCompletions([{ toolCall: { name: "lookup", arguments: {} } }, { text: "done" }]);
    closers.push(server.close);
    const params = {
      provider: "openai-compatible" as const,
      script,
      baseUrl: server.baseUrl,
      anthropicBaseUrl: "",
      model: "m",
      apiKey: "sk",
    };
    const { model } = await modelFromParams({ ...params, temperature: 0.2, maxOutputTokens: 300 });
    const lookup = {
      lookup: {
        description: "looks up",
        inputSchema: jsonSchema({ type: "object", properties: {} }),
        execute: async () => "found",
      },
    };
    await runAgent({ model, prompt: "hello", tools: lookup, maxIterations: 3 });
    expect(server.received.map(({ body }) => [body.temperature, body.max_tokens])).toEqual([
      [0.2, 300],
      [0.2, 300],
    ]);
    const plain = await modelFromParams(params);
    await runAgent({ model: plain.model, prompt: "hello", tools: {}, maxIterations: 1 });
    expect(server.received.at(-1)!.body).not.toHaveProperty("temperature");
    expect(server.received.at(-1)!.body).not.toHaveProperty("max_tokens");
  });

  it("reach Anthropic (a model that takes a temperature), whose max_tokens otherwise falls back to the model's limit", async () => {
    const server = await startFakeAnthropicMessages([{ text: "hi" }]);
    closers.push(server.close);
    const { model } = await modelFromParams({
      provider: "anthropic",
      script,
      baseUrl: "",
      model: "claude-sonnet-4-5",
      anthropicBaseUrl: server.baseUrl,
      apiKey: "sk",
      temperature: 0,
      maxOutputTokens: 512,
    });
    await runAgent({ model, prompt: "hello", tools: {}, maxIterations: 1 });
    expect(server.received[0].body).toMatchObject({ temperature: 0, max_tokens: 512 });
  });
});
