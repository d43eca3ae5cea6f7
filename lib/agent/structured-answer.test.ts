/**
 * Structured output through the real OpenAI-compatible client against a real HTTP server speaking
 * chat completions: the schema goes out as the response format, the answer after a tool round comes
 * back as an object, a mismatch is asked again once with what did not match, a second one fails
 * naming the field, and an agent resumed from its recorded steps checks the replayed answer alike.
 */
import { afterEach, describe, expect, it } from "vitest";
import { lookupTools } from "../testing/lookup-tool";
import { startFakeChatCompletions, type ScriptedReply } from "../testing/fake-chat-completions";
import { createModel, ModelSettings } from "./models";
import { runAgent, type AgentStep } from "./run-agent";
import { resumedConversation } from "./resumed-conversation";
import { answerFormat } from "./structured-answer";

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

const SCHEMA = {
  type: "object",
  properties: { city: { type: "string" }, celsius: { type: "number", description: "Temperature" } },
  required: ["city", "celsius"],
  additionalProperties: false,
};

async function agentAgainst(replies: ScriptedReply[], resume?: AgentStep[]) {
  const server = await startFakeChatCompletions(replies);
  closers.push(server.close);
  const model = createModel(
    ModelSettings.parse({ provider: "openai-compatible", baseUrl: server.baseUrl, model: "gpt-test", apiKey: "k" }),
  );
  const steps: AgentStep[] = [];
  const recorded = resume && {
    steps: resume,
    completedCalls: new Map(),
    startedCalls: new Set<string>(),
    maySendAgain: async () => true,
  };
  const run = runAgent({
    model,
    prompt: "Weather in Oslo?",
    tools: lookupTools(),
    maxIterations: 5,
    answer: answerFormat(SCHEMA),
    onStep: (step) => void steps.push(step),
    resume: recorded && resumedConversation(recorded, "agent", []),
  });
  return { run, server, steps };
}

const lastUserText = (body: { messages: { role: string; content?: unknown }[] }) =>
  String(body.messages.filter((message) => message.role === "user").at(-1)?.content);

describe("structured output", () => {
  it("sends the schema as the response format and hands on the answer after a tool round as an object", async () => {
    const { run, server } = await agentAgainst([
      { toolCall: { name: "lookup", arguments: { city: "Oslo" } } },
      { text: '{"city":"Oslo","celsius":4}' },
    ]);
    const result = await run;
    expect(result).toMatchObject({ object: { city: "Oslo", celsius: 4 }, iterations: 2, stopReason: "answered" });
    expect(result.usage.totalTokens).toBe(50);
    expect(server.received[0].body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "answer", schema: SCHEMA },
    });
    expect(server.received[0].body.stream).toBe(true);
  });

  it("asks once more with what did not match, without tools, and takes the second answer", async () => {
    const { run, server } = await agentAgainst([
      { text: '```json\n{"city":"Oslo"}\n```' },
      { text: '{"city":"Oslo","celsius":4}' },
    ]);
    const result = await run;
    expect(result).toMatchObject({ object: { city: "Oslo", celsius: 4 }, iterations: 2 });
    expect(server.received).toHaveLength(2);
    expect(lastUserText(server.received[1].body)).toContain("celsius: is required");
    expect(server.received[1].body.tool_choice).toBe("none");
  });

  it("fails naming what still did not match after the retry", async () => {
    const { run, server } = await agentAgainst([{ text: "It is 4 degrees." }, { text: '{"city":7,"celsius":4}' }]);
    await expect(run).rejects.toThrow(
      "The answer did not match the output schema after one retry: city: must be string",
    );
    expect(lastUserText(server.received[1].body)).toContain('the answer is not JSON: "It is 4 degrees."');
  });

  it("resumed after its worker died, replays the recorded mismatch and asks again without calling for it twice", async () => {
    const first = await agentAgainst([
      { toolCall: { name: "lookup", arguments: { city: "Oslo" } } },
      { text: '{"town":"Oslo"}' },
      { text: '{"city":"Oslo","celsius":4}' },
    ]);
    await first.run;
    const recorded = first.steps.slice(0, 2); // the worker died while the retry was asked for
    const resumed = await agentAgainst([{ text: '{"city":"Oslo","celsius":5}' }], recorded);
    const result = await resumed.run;
    expect(resumed.server.received).toHaveLength(1);
    expect(lastUserText(resumed.server.received[0].body)).toContain("town: is not a field of the schema");
    expect(result).toMatchObject({ object: { city: "Oslo", celsius: 5 }, iterations: 3 });
  });
});
