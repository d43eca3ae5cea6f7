/**
 * The model picker's route (POST /api/models) over real HTTP against real servers speaking each
 * provider's listing: Ollama's /api/tags, OpenAI-compatible and Mistral /models, Gemini's models.list
 * (only models that generate content). The key is read from the named secret on the server, and a
 * secret whose allowed hosts do not include the server is refused before it leaves; bad input is a
 * 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { secretRef } from "../secrets/secret-ref";
import { putSecret } from "../secrets/secret-store";
import { startFakeChatCompletions } from "../testing/fake-chat-completions";
import { startFakeGemini } from "../testing/fake-gemini";
import { startTestStack, type TestStack } from "../testing/test-stack";

let stack: TestStack;
const KEY = "model-list-key-9f8e7d";
beforeAll(async () => {
  stack = await startTestStack();
  await putSecret("MODEL_LIST_LOOPBACK", KEY, ["127.0.0.1"]);
  await putSecret("MODEL_LIST_GOOGLE_ONLY", KEY, ["generativelanguage.googleapis.com"]);
});
afterAll(async () => {
  await getDb().secret.deleteMany({ where: { name: { startsWith: "MODEL_LIST_" } } });
  await stack.close();
});

async function list(body: unknown) {
  const response = await stack.fetch("/api/models", { method: "POST", body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the model picker", () => {
  it("lists a local Ollama's models from /api/tags, whether its URL ends in /v1 or not", async () => {
    const server = await startFakeChatCompletions([], { models: ["qwen2.5:7b", "llama3.2:latest"] });
    try {
      for (const ollamaBaseUrl of [server.origin, `${server.origin}/v1`])
        expect(await list({ provider: "ollama", params: { ollamaBaseUrl } })).toEqual({
          status: 200,
          body: { ok: true, models: ["llama3.2:latest", "qwen2.5:7b"] },
        });
    } finally {
      server.close();
    }
  });

  it("lists an OpenAI-compatible server's and Mistral's /models with the secret's key", async () => {
    const server = await startFakeChatCompletions([], { models: ["gpt-test", "mistral-test"] });
    try {
      const apiKey = secretRef("MODEL_LIST_LOOPBACK");
      const openai = await list({ provider: "openai-compatible", params: { baseUrl: server.baseUrl, apiKey } });
      expect(openai.body).toEqual({ ok: true, models: ["gpt-test", "mistral-test"] });
      const mistral = await list({ provider: "mistral", params: { mistralBaseUrl: server.baseUrl, apiKey } });
      expect(mistral.body).toEqual({ ok: true, models: ["gpt-test", "mistral-test"] });
    } finally {
      server.close();
    }
  });

  it("lists Gemini's generating models, and refuses a key its secret keeps to Google's host", async () => {
    const server = await startFakeGemini([], { models: ["gemini-test-pro", "gemini-test-flash"] });
    try {
      const allowed = await list({
        provider: "google",
        params: { googleBaseUrl: server.baseUrl, apiKey: secretRef("MODEL_LIST_LOOPBACK") },
      });
      expect(allowed.body).toEqual({ ok: true, models: ["gemini-test-flash", "gemini-test-pro"] });
      const refused = await list({
        provider: "google",
        params: { googleBaseUrl: server.baseUrl, apiKey: secretRef("MODEL_LIST_GOOGLE_ONLY") },
      });
      expect(refused.body.ok).toBe(false);
      expect(refused.body.error).toContain('secret "MODEL_LIST_GOOGLE_ONLY" may only be sent to');
      expect(JSON.stringify(refused.body)).not.toContain(KEY);
      expect(server.received.map((request) => request.method)).toEqual(["GET"]); // only the allowed listing
    } finally {
      server.close();
    }
  });

  it("answers bad input with a 400 naming the field", async () => {
    expect(await list({ provider: "gpt" })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining("provider") },
    });
    expect(await list({ provider: "bedrock" })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining("Amazon Bedrock does not list its models here") },
    });
    expect(await list({ provider: "mistral", params: { apiKey: secretRef("MODEL_LIST_NOT_SET") } })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('Secret "MODEL_LIST_NOT_SET" is not set') },
    });
  });
});
