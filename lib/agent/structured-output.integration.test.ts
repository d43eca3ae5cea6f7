/**
 * Structured output in whole runs through the real API, worker, Redis and PostgreSQL: an LLM asked
 * through a real chat-completions server hands on its answer's fields to a template and through a
 * field's own handle; an Agent whose answer still does not match after the retry fails the run
 * naming the field; a schema whose fields cannot be outputs is refused when the workflow is saved.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeChatCompletions } from "../testing/fake-chat-completions";
import { graphEdge, graphNode } from "../testing/fixtures";
import { runWorkflowToEnd } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import type { WorkflowGraph } from "../workflow/graph";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.close());

const SCHEMA = {
  type: "object",
  properties: { city: { type: "string" }, celsius: { type: "number" } },
  required: ["city", "celsius"],
};

const forecastGraph = (type: string, params: Record<string, unknown>): WorkflowGraph => ({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("model", type, { label: "Forecast", params: { ...params, outputSchema: SCHEMA } }),
    graphNode("sentence", "core.output", {
      label: "Sentence",
      params: { value: "{{forecast.city}} is {{forecast.celsius}}°C" },
    }),
    graphNode("city", "core.output", { label: "City" }),
  ],
  edges: [graphEdge("entry", "output", "model", "input"), graphEdge("model", "city", "city", "value")],
});

describe("structured output in a run", () => {
  it("hands an LLM's answer on as fields a template and a wire can take, after asking again once", async () => {
    const server = await startFakeChatCompletions([
      { text: '{"city":"Oslo"}' },
      { text: '{"city":"Oslo","celsius":4}' },
    ]);
    try {
      const graph = forecastGraph("core.llm", {
        provider: "openai-compatible",
        baseUrl: server.baseUrl,
        model: "gpt-test",
      });
      const { result } = await runWorkflowToEnd(stack, graph, "Oslo");
      expect(result.status, result.error ?? "").toBe("completed");
      expect(result.output).toEqual({ Sentence: "Oslo is 4°C", City: "Oslo" });
      expect(server.received[0].body.response_format?.json_schema?.schema).toEqual(SCHEMA);
      expect(JSON.stringify(server.received[1].body.messages)).toContain("celsius: is required");
    } finally {
      server.close();
    }
  }, 30_000);

  it("fails an Agent whose answer still does not match, naming the field", async () => {
    const graph = forecastGraph("core.agent", {
      provider: "scripted",
      script: { finalText: '{"city":"Oslo","celsius":"warm"}' },
    });
    const { result } = await runWorkflowToEnd(stack, graph, "Oslo");
    expect(result.status).toBe("failed");
    expect(result.error).toContain(
      "The answer did not match the output schema after one retry: celsius: must be number",
    );
  }, 30_000);

  it("refuses to save a schema whose fields cannot be outputs, naming the node and the field", async () => {
    const graph = forecastGraph("core.agent", { provider: "scripted" });
    graph.nodes[1].data.params.outputSchema = { type: "object", properties: { usage: { type: "number" } } };
    const response = await stack.fetch("/api/workflows", {
      method: "POST",
      body: JSON.stringify({ name: "bad schema", ...graph }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { nodeId: string; field: string }[] };
    expect(body.errors).toContainEqual(
      expect.objectContaining({
        nodeId: "model",
        field: "outputSchema.properties.usage",
        message: expect.stringContaining('"Forecast": output schema properties.usage: "usage" is already one of'),
      }),
    );
  }, 30_000);
});
