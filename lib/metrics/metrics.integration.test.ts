/**
 * /api/metrics after 20 real runs (API → queue → worker → gateway), read with a Prometheus text-format parser: runs
 * started and ended by workflow and status, their duration histograms, queue waits, gateway calls, model tokens and
 * the workers' slots. Counters are shared by every process through Redis, so global ones are compared before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphEdge, graphNode } from "../testing/fixtures";
import { scrapeMetrics, type Scrape } from "../testing/prometheus-scrape";
import { createTestAccount } from "../testing/test-accounts";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";
import { waitForRun } from "../testing/wait-for-run";
import type { WorkflowGraph } from "../workflow/graph";

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.close();
});

async function post(path: string, body: unknown): Promise<Record<string, string>> {
  const response = await stack.fetch(path, { method: "POST", body: JSON.stringify(body) });
  expect(response.status).toBe(201);
  return (await response.json()) as Record<string, string>;
}

const shaped: WorkflowGraph = {
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("shape", "core.transform", { params: { template: { got: "x" } } }),
  ],
  edges: [graphEdge("entry", "output", "shape", "input")],
};
const broken: WorkflowGraph = {
  nodes: [graphNode("fetch", "core.http.request", { params: { url: "ftp://nowhere/file" } })],
  edges: [],
};
const script = {
  toolCalls: [{ tool: "http_request", args: { url: "/api/health" } }],
  finalText: "done",
  usagePerCall: { inputTokens: 100, outputTokens: 20 },
};
const agentic: WorkflowGraph = {
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("agent", "core.agent", { params: { provider: "scripted", model: "scripted", script } }),
    graphNode("http", "core.http.request", { label: "HTTP Request", mode: "tool" }),
  ],
  edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("http", "tool", "agent", "tools")],
};

async function runMany(graph: WorkflowGraph, count: number): Promise<{ workflowId: string; statuses: string[] }> {
  const { id: workflowId } = await post("/api/workflows", { name: "metrics", publish: true, ...graph });
  const runIds = await Promise.all(
    Array.from({ length: count }, async () => (await post(`/api/workflows/${workflowId}/runs`, {})).runId),
  );
  const ends = await Promise.all(runIds.map((runId) => waitForRun(stack, runId, 30_000)));
  return { workflowId, statuses: ends.map((end) => end.status) };
}

const GLOBAL_SERIES = [
  ["switchboard_gateway_calls_total", { outcome: "completed" }],
  ["switchboard_queue_wait_seconds", { queue: "runs" }],
  ["switchboard_queue_wait_seconds", { queue: "tool-calls" }],
  ["switchboard_node_duration_seconds", { component: "core.transform", status: "completed" }],
  ["switchboard_node_duration_seconds", { component: "core.http.request", status: "failed" }],
] as const;

const globalCounts = (scrape: Scrape) =>
  GLOBAL_SERIES.map(([name, labels]) =>
    name.endsWith("_total") ? scrape.value(name, labels) : scrape.count(name, labels),
  );

describe("GET /api/metrics", () => {
  it("counts 20 runs by workflow and status, with their durations, waits, gateway calls and tokens", async () => {
    const before = globalCounts(await scrapeMetrics(stack));
    const [ok, bad, agent] = await Promise.all([runMany(shaped, 14), runMany(broken, 4), runMany(agentic, 2)]);
    expect(ok.statuses).toEqual(Array(14).fill("completed"));
    expect(bad.statuses).toEqual(Array(4).fill("failed"));
    expect(agent.statuses).toEqual(Array(2).fill("completed"));

    // Each process adds its counts to Redis every second: wait for the last run's to land.
    const scrape = await waitFor(
      "the last runs' counts in /api/metrics",
      async () => {
        const now = await scrapeMetrics(stack);
        return now.count("switchboard_run_duration_seconds", { workflow_id: agent.workflowId }) === 2 ? now : undefined;
      },
      10_000,
      200,
    );
    const runs = (workflowId: string, status: string) =>
      scrape.value("switchboard_runs_finished_total", { workflow_id: workflowId, status });
    expect(scrape.value("switchboard_runs_started_total", { workflow_id: ok.workflowId, trigger: "api" })).toBe(14);
    expect(scrape.value("switchboard_runs_started_total", { workflow_id: bad.workflowId })).toBe(4);
    expect(runs(ok.workflowId, "completed")).toBe(14);
    expect(runs(ok.workflowId, "failed")).toBe(0);
    expect(runs(bad.workflowId, "failed")).toBe(4);
    expect(runs(agent.workflowId, "completed")).toBe(2);
    expect(scrape.count("switchboard_run_duration_seconds", { workflow_id: ok.workflowId, status: "completed" })).toBe(
      14,
    );
    expect(scrape.types.get("switchboard_run_duration_seconds")).toBe("histogram");
    const bucket = (le: string) =>
      scrape.value("switchboard_run_duration_seconds_bucket", { workflow_id: ok.workflowId, le });
    expect(bucket("+Inf")).toBe(14);
    expect(bucket("3600")).toBe(14);

    const tokens = (direction: string) =>
      scrape.value("switchboard_model_tokens_total", {
        workflow_id: agent.workflowId,
        provider: "scripted",
        direction,
      });
    expect(tokens("input")).toBe(2 * 2 * 100); // two runs, two model calls each
    expect(tokens("output")).toBe(2 * 2 * 20);

    const after = globalCounts(scrape);
    const deltas = after.map((value, index) => value - before[index]);
    expect(deltas).toEqual([2, 20, 2, 14, 4]);

    expect(scrape.value("switchboard_workers")).toBeGreaterThanOrEqual(1);
    expect(scrape.value("switchboard_worker_slots", { queue: "runs" })).toBeGreaterThanOrEqual(4);
    expect(scrape.families.find((family) => family.name === "switchboard_queue_jobs")?.metrics).toContainEqual(
      expect.objectContaining({ labels: { queue: "runs", state: "waiting" } }),
    );
  });

  it("is closed to editors", async () => {
    const editor = await createTestAccount("editor");
    const response = await fetch(`${process.env.SWITCHBOARD_URL}/api/metrics`, { headers: editor.headers });
    expect(response.status).toBe(403);
  });
});
