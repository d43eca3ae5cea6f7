/**
 * What model calls cost, through the real run path: an Agent on the OpenAI-compatible client against a real HTTP
 * server that reports known token usage is priced by the default table (each model call, the node, the run, the runs
 * list); an admin's own table replaces the defaults; and a workflow's cost budget stops a run that spends past it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { putSecret } from "../secrets/secret-store";
import { DEFAULT_MODEL_PRICES, priceFor } from "../settings/model-price-table";
import { saveModelPrices } from "../settings/model-prices";
import { startFakeChatCompletions } from "../testing/fake-chat-completions";
import { graphEdge, graphNode } from "../testing/fixtures";
import { runWorkflowToEnd } from "../testing/run-workflow";
import { scrapeMetrics } from "../testing/prometheus-scrape";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";
import type { WorkflowGraph } from "../workflow/graph";
import { listEvents } from "./read-events";

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  await putSecret("COST_LLM_KEY", "sk-cost-test");
});
afterAll(async () => {
  await saveModelPrices(null);
  await stack.close();
});

const httpTool = graphNode("http", "core.http.request", { label: "HTTP Request", mode: "tool" });
const agentGraph = (params: Record<string, unknown>, settings?: WorkflowGraph["settings"]): WorkflowGraph => ({
  nodes: [graphNode("entry", "core.entry"), graphNode("agent", "core.agent", { params }), httpTool],
  edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("http", "tool", "agent", "tools")],
  ...(settings ? { settings } : {}),
});

async function costsOf(runId: string) {
  const events = await listEvents(runId);
  const steps = events.flatMap((event) => (event.type === "agent.step" ? [event.payload] : []));
  const usage = events.flatMap((event) => (event.type === "llm.usage" ? [event.payload] : []));
  const run = await getDb().run.findUniqueOrThrow({ where: { id: runId }, select: { costUsd: true } });
  return { steps, usage, runCost: run.costUsd };
}

describe("the cost of a run", () => {
  it("is the price table's arithmetic on the usage the model reports, per call, node, run and in the runs list", async () => {
    // The fake server reports 20 prompt and 5 completion tokens on every call.
    const llm = await startFakeChatCompletions([
      { toolCall: { name: "http_request", arguments: { url: "/api/health" } } },
      { text: "Healthy." },
    ]);
    try {
      const params = {
        provider: "openai-compatible",
        baseUrl: llm.baseUrl,
        model: "gpt-4o-mini-2024-07-18", // priced as gpt-4o-mini: $0.15 in, $0.60 out per million
        apiKey: { $secret: "COST_LLM_KEY" },
      };
      const { runId, result } = await runWorkflowToEnd(stack, agentGraph(params));
      expect(result.status).toBe("completed");
      const price = priceFor(DEFAULT_MODEL_PRICES, "openai-compatible", "gpt-4o-mini-2024-07-18")!;
      expect(price).toMatchObject({ model: "gpt-4o-mini", inputPerMillion: 0.15, outputPerMillion: 0.6 });
      const perCall = (20 * 0.15 + 5 * 0.6) / 1_000_000;
      const { steps, usage, runCost } = await costsOf(runId);
      expect(steps.map((step) => step.usage)).toEqual([
        { inputTokens: 20, outputTokens: 5, totalTokens: 25 },
        { inputTokens: 20, outputTokens: 5, totalTokens: 25 },
      ]);
      expect(steps.map((step) => step.costUsd)).toEqual([perCall, perCall].map((usd) => expect.closeTo(usd, 15)));
      expect(usage).toEqual([expect.objectContaining({ nodeId: "agent", costUsd: expect.closeTo(2 * perCall, 15) })]);
      expect(runCost).toBeCloseTo(2 * perCall, 15);

      // The metrics count it too (each process adds its counts to Redis every second, so the two calls may
      // arrive in two flushes: wait for both).
      const workflowId = (await getDb().run.findUniqueOrThrow({ where: { id: runId } })).workflowId;
      const series = { workflow_id: workflowId, provider: "openai-compatible", model: "gpt-4o-mini-2024-07-18" };
      const metered = await waitFor(
        "both calls' cost in /api/metrics",
        async () => {
          const value = (await scrapeMetrics(stack)).value("switchboard_model_cost_usd_total", series);
          return value > 1.5 * perCall ? value : undefined;
        },
        10_000,
        200,
      );
      expect(metered).toBeCloseTo(2 * perCall, 12);

      const listed = await (await stack.fetch(`/api/runs?limit=5`)).json();
      expect(listed.runs.find((run: { id: string }) => run.id === runId)).toMatchObject({
        totalTokens: 50,
        costUsd: expect.closeTo(2 * perCall, 15),
      });
    } finally {
      await llm.close();
    }
  });

  it("follows an admin's own price table, and a model the table does not list costs nothing", async () => {
    // The scripted test model is priced as model "scripted" of provider "scripted".
    const script = { toolCalls: [], finalText: "ok", usagePerCall: { inputTokens: 1000, outputTokens: 500 } };
    await saveModelPrices([{ provider: "scripted", model: "scripted", inputPerMillion: 3, outputPerMillion: 12 }]);
    const priced = await runWorkflowToEnd(stack, agentGraph({ provider: "scripted", script }));
    expect((await costsOf(priced.runId)).runCost).toBeCloseTo((1000 * 3 + 500 * 12) / 1_000_000, 15);

    await saveModelPrices([{ provider: "anthropic", model: "claude-x", inputPerMillion: 1, outputPerMillion: 1 }]);
    const unpriced = await runWorkflowToEnd(stack, agentGraph({ provider: "scripted", script }));
    const { steps, runCost } = await costsOf(unpriced.runId);
    expect(steps[0].costUsd).toBeUndefined();
    expect(runCost).toBe(0);
  });

  it("stops a run whose model calls cost more than the workflow's budget", async () => {
    await saveModelPrices([{ provider: "scripted", model: "scripted", inputPerMillion: 1000, outputPerMillion: 1000 }]);
    // Each call: 1000 tokens at $1000 per million = $1; five calls are scripted, the budget holds one and a half.
    const toolCalls = Array.from({ length: 4 }, () => ({ tool: "http_request", args: { url: "/api/health" } }));
    const script = { toolCalls, finalText: "done", usagePerCall: { inputTokens: 600, outputTokens: 400 } };
    const { runId, result } = await runWorkflowToEnd(
      stack,
      agentGraph({ provider: "scripted", script }, { costBudgetUsd: 1.5 }),
    );
    expect(result.status).toBe("failed");
    expect(result.error).toBe("The run's model calls cost $2.00, more than its budget of $1.50");
    const { steps, runCost } = await costsOf(runId);
    expect(steps).toHaveLength(2); // stopped right after the call that went past the budget
    expect(runCost).toBeCloseTo(2, 12);
  });
});
