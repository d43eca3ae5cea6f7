/**
 * An LLM judge borrowing the model of one of the workflow's nodes, through the real API and engine against a real
 * HTTP server speaking the OpenAI API: the judge calls the node's provider and model with its own key laid over the
 * node's; a node id that is missing or not a model node is refused, named. What the judge answers is redacted with
 * the run's secrets and its own before it is stored — this judge repeats both keys back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { putSecret } from "../secrets/secret-store";
import { startFakeChatCompletions, type ReceivedRequest } from "../testing/fake-chat-completions";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";

const RUN_KEY = "sk-run-key-4f1c9a77e2";
const JUDGE_KEY = "sk-judge-key-8d02b6c531";

let stack: TestStack;
let model: Awaited<ReturnType<typeof startFakeChatCompletions>>;
let workflowId = "";

/** The agent answers the capital; the judge grades it, carelessly repeating every key it has heard of. */
function reply(body: ReceivedRequest["body"]) {
  if (!body.response_format) return { text: "The capital is Paris" };
  const answer = { score: 0.8, reason: `Correct; the keys ${RUN_KEY} and ${JUDGE_KEY} look fine` };
  return { text: JSON.stringify(answer) };
}

async function api(method: string, path: string, body?: unknown) {
  const response = await stack.fetch(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

const judge = (settings: Record<string, unknown>) => ({
  kind: "llmJudge",
  name: "judge",
  rubric: "Names the capital",
  passAt: 0.5,
  ...settings,
});

beforeAll(async () => {
  stack = await startTestStack();
  await putSecret("EVAL_RUN_KEY", RUN_KEY);
  await putSecret("EVAL_JUDGE_KEY", JUDGE_KEY);
  model = await startFakeChatCompletions(reply);
  const created = await api("POST", "/api/workflows", {
    name: "Judge by node",
    publish: true,
    nodes: [
      graphNode("entry", "core.entry"),
      graphNode("agent", "core.agent", {
        params: {
          provider: "openai-compatible",
          baseUrl: model.baseUrl,
          model: "capital-1",
          apiKey: { $secret: "EVAL_RUN_KEY" },
        },
      }),
      graphNode("out", "core.output", { params: { value: "{{agent.text}}" } }),
    ],
    edges: [graphEdge("entry", "output", "agent", "input")],
  });
  expect(created.status).toBe(201);
  workflowId = created.body.id;
  const rows = [{ input: "France?", expectations: { output: "Paris" } }];
  expect((await api("POST", `/api/workflows/${workflowId}/datasets`, { name: "capitals", rows })).status).toBe(201);
});
afterAll(async () => {
  model?.close();
  await stack?.close();
});

describe("an LLM judge with a model node", () => {
  it("uses the node's model with its own key, and what it says is stored redacted", async () => {
    const started = await api("POST", `/api/workflows/${workflowId}/evaluations`, {
      dataset: "capitals",
      version: "draft",
      evaluators: [judge({ modelNode: "agent", model: { apiKey: { $secret: "EVAL_JUDGE_KEY" } } })],
    });
    expect(started.status).toBe(201);
    // Stored with the node's settings filled in: secret references only, never a value.
    expect(started.body.evaluators[0]).toMatchObject({
      modelNode: "agent",
      model: { provider: "openai-compatible", model: "capital-1", apiKey: { $secret: "EVAL_JUDGE_KEY" } },
    });
    const ended = await waitFor(
      "the evaluation to end",
      async () => {
        const read = await api("GET", `/api/workflows/${workflowId}/evaluations/${started.body.id}`);
        return read.body.status === "completed" || read.body.status === "failed" ? read.body : undefined;
      },
      60_000,
      250,
    );
    expect(ended.status).toBe("completed");
    const judged = model.received.filter((request) => request.body.response_format);
    expect(judged).toHaveLength(1);
    expect(judged[0]).toMatchObject({ authorization: `Bearer ${JUDGE_KEY}`, body: { model: "capital-1" } });
    expect(model.received.filter((request) => request.authorization === `Bearer ${RUN_KEY}`)).toHaveLength(1);

    const [score] = ended.results[0].scores;
    expect(score).toMatchObject({ name: "judge", pass: true, score: 0.8 });
    expect(score.reason).toBe("Correct; the keys [secret] and [secret] look fine");
    const stored = await getDb().evaluationResult.findMany({ where: { evaluationId: started.body.id } });
    const text = JSON.stringify(stored);
    expect(text).not.toContain(RUN_KEY);
    expect(text).not.toContain(JUDGE_KEY);
  }, 90_000);

  it("refuses a node id that does not exist or is not a model node, naming it", async () => {
    const start = (modelNode: string) =>
      api("POST", `/api/workflows/${workflowId}/evaluations`, {
        dataset: "capitals",
        version: "published",
        evaluators: [{ kind: "contains", value: "Paris" }, judge({ modelNode })],
      });
    expect(await start("nope")).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'evaluators.1.modelNode: the workflow has no node "nope"' }),
    });
    expect(await start("out")).toEqual({
      status: 400,
      body: expect.objectContaining({
        error: 'evaluators.1.modelNode: node "out" (out) is a core.output, not an Agent or LLM node',
      }),
    });
    const neither = await api("POST", `/api/workflows/${workflowId}/evaluations`, {
      dataset: "capitals",
      evaluators: [judge({})],
    });
    expect(neither.status).toBe(400);
    expect(neither.body.error).toMatch(/^evaluators\.0: give the judge's model settings, or modelNode/);
  });
});
