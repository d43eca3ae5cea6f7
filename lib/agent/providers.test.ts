/**
 * Every provider's own AI SDK package against a real HTTP server speaking its wire format: the agent
 * loop streams the answer's text as it arrives, round-trips a tool call (the tool's result goes back
 * in the provider's own shape), counts usage, and sends the key and the URL each API expects —
 * Gemini's generateContent SSE, Mistral's chat completions, Azure OpenAI's deployment URLs, Bedrock's
 * ConverseStream event-stream frames (API key and SigV4), Ollama's /v1.
 */
import { afterEach, describe, expect, it } from "vitest";
import { lookupTools } from "../testing/lookup-tool";
import { startFakeBedrockConverse } from "../testing/fake-bedrock-converse";
import { startFakeChatCompletions } from "../testing/fake-chat-completions";
import { startFakeGemini } from "../testing/fake-gemini";
import { createModel, ModelSettings } from "./models";
import { runAgent } from "./run-agent";
import { answerFormat } from "./structured-answer";

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

const ANSWER = "It is four degrees in Oslo today.";
const replies = [{ toolCall: { name: "lookup", arguments: { city: "Oslo" } } }, { text: ANSWER }];

/** Runs the agent on a model from these settings; what streamed, and the result. */
async function agentOn(settings: Record<string, unknown>) {
  const model = createModel(ModelSettings.parse(settings));
  const deltas: string[] = [];
  const result = await runAgent({
    model,
    prompt: "Weather in Oslo?",
    tools: lookupTools(),
    maxIterations: 5,
    onText: (_iteration, delta) => deltas.push(delta),
  });
  expect(result).toMatchObject({ text: ANSWER, iterations: 2, usage: { inputTokens: 40, outputTokens: 10 } });
  expect(deltas.length).toBeGreaterThan(2); // streamed a few words at a time
  expect(deltas.join("")).toBe(ANSWER);
  return result;
}

async function serve<S extends { close: () => void }>(server: Promise<S>): Promise<S> {
  const started = await server;
  closers.push(started.close);
  return started;
}

describe("providers", () => {
  it("Google Gemini: streamGenerateContent over SSE, functionCall and functionResponse parts", async () => {
    const server = await serve(startFakeGemini(replies));
    await agentOn({ provider: "google", baseUrl: server.baseUrl, model: "gemini-test", apiKey: "g-key" });
    const [first, second] = server.received;
    expect(first.path).toBe("/v1beta/models/gemini-test:streamGenerateContent");
    expect(first.query.get("alt")).toBe("sse");
    expect(first.headers["x-goog-api-key"]).toBe("g-key");
    expect(first.body.tools?.[0].functionDeclarations?.map((declaration) => declaration.name)).toEqual(["lookup"]);
    const response = second.body.contents.flatMap((content) => content.parts).find((part) => part.functionResponse);
    expect(JSON.stringify(response)).toContain("Oslo: 4°C");
  });

  it("Google Gemini: a structured answer sends the schema as responseSchema", async () => {
    const server = await serve(startFakeGemini([{ text: '{"city":"Oslo"}' }]));
    const model = createModel(
      ModelSettings.parse({ provider: "google", baseUrl: server.baseUrl, model: "gemini-test", apiKey: "k" }),
    );
    const schema = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
    const result = await runAgent({
      model,
      prompt: "Where?",
      tools: {},
      maxIterations: 1,
      answer: answerFormat(schema),
    });
    expect(result.object).toEqual({ city: "Oslo" });
    expect(server.received[0].body.generationConfig).toMatchObject({
      responseMimeType: "application/json",
      responseSchema: { type: "object", properties: { city: { type: "string" } } },
    });
  });

  it("Mistral: chat completions with its key as a Bearer token, the tool result as a tool message", async () => {
    const server = await serve(startFakeChatCompletions(replies));
    await agentOn({ provider: "mistral", baseUrl: server.baseUrl, model: "mistral-test", apiKey: "m-key" });
    expect(server.received[0]).toMatchObject({ path: "/v1/chat/completions", authorization: "Bearer m-key" });
    expect(server.received[0].body).toMatchObject({ model: "mistral-test", stream: true });
    expect(server.received[1].body.messages.find((message) => message.role === "tool")?.content).toContain("Oslo");
  });

  it("Azure OpenAI: the deployment's URL with its api-version, the key in api-key", async () => {
    const server = await serve(startFakeChatCompletions(replies));
    await agentOn({
      provider: "azure",
      baseUrl: `${server.origin}/openai`,
      model: "my-deployment",
      apiKey: "az-key",
      settings: { azureApiVersion: "2024-10-21" },
    });
    const [first] = server.received;
    expect(first.path).toBe("/openai/deployments/my-deployment/chat/completions");
    expect(first.query.get("api-version")).toBe("2024-10-21");
    expect(first.apiKey).toBe("az-key");
    expect(first.authorization).toBeUndefined();
  });

  it("Amazon Bedrock: ConverseStream's event-stream frames with an API key, toolUse and toolResult blocks", async () => {
    const server = await serve(startFakeBedrockConverse(replies));
    await agentOn({ provider: "bedrock", baseUrl: server.origin, model: "us.test-model-v1:0", apiKey: "br-key" });
    const [first, second] = server.received;
    expect(first.path).toBe(`/model/${encodeURIComponent("us.test-model-v1:0")}/converse-stream`);
    expect(first.headers.authorization).toBe("Bearer br-key");
    expect(first.body.toolConfig?.tools.map((spec) => spec.toolSpec.name)).toEqual(["lookup"]);
    const blocks = second.body.messages.flatMap((message) => message.content);
    expect(blocks).toContainEqual(expect.objectContaining({ toolUse: expect.objectContaining({ name: "lookup" }) }));
    expect(JSON.stringify(blocks.find((block) => block.toolResult))).toContain("Oslo: 4°C");
  });

  it("Amazon Bedrock: an access key pair signs each request with SigV4 in the node's region", async () => {
    const server = await serve(startFakeBedrockConverse(replies));
    await agentOn({
      provider: "bedrock",
      baseUrl: server.origin,
      model: "test-model",
      aws: { accessKeyId: "AKIDFAKE", secretAccessKey: "fake-secret" },
      settings: { bedrockRegion: "eu-west-3" },
    });
    const authorization = String(server.received[0].headers.authorization);
    expect(authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDFAKE\/\d{8}\/eu-west-3\/bedrock\/aws4_request/);
    expect(authorization).not.toContain("fake-secret");
  });

  it("Ollama: its OpenAI-compatible /v1 under the server's address, no key needed", async () => {
    const server = await serve(startFakeChatCompletions(replies));
    await agentOn({ provider: "ollama", baseUrl: server.origin, model: "llama3.2" });
    expect(server.received[0]).toMatchObject({ path: "/v1/chat/completions", authorization: undefined });
  });

  it("refuses a provider that needs a key without one, and Azure without a resource", () => {
    expect(() => ModelSettings.parse({ provider: "google", model: "gemini-test" })).toThrow(
      "apiKey: Google Gemini needs an API key (a secret)",
    );
    expect(() => createModel(ModelSettings.parse({ provider: "azure", model: "d", apiKey: "k" }))).toThrow(
      "Azure OpenAI needs a resource name or a base URL",
    );
    expect(() => createModel(ModelSettings.parse({ provider: "bedrock", model: "m" }))).toThrow(
      "Amazon Bedrock needs an API key or an access key pair",
    );
  });
});
