/**
 * Insights against the real PostgreSQL: runs stored with known statuses, durations, costs, tokens, failed nodes and
 * gateway-recorded tool calls give exactly the figures worked out by hand below — counts per day and status, failure
 * rates, p50/p95 (PostgreSQL's percentile_cont: linear between the two nearest values), tokens and cost per workflow,
 * the failing nodes and tools and the slowest tools — with test runs, evaluation runs and runs outside the window left
 * out; and the runs list's filters that Insights links to find exactly the runs behind each figure.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { listRuns, RunListQuery } from "../runs/list-runs";
import { seedInsightRuns, type SeededRun } from "../testing/insight-runs";
import { InsightsQuery } from "./insights-window";
import { readInsights, type Insights } from "./read-insights";

// Days of their own, long before the other tests' runs (which are all "now").
const WINDOW = { from: "2026-03-01", to: "2026-03-03" };
const graph = {
  nodes: [
    { id: "fetch", type: "core.http.request", position: { x: 0, y: 0 }, data: { label: "Fetch page", params: {} } },
    { id: "parse", type: "core.code", position: { x: 0, y: 0 }, data: { label: "Parse", params: {} } },
  ],
  edges: [],
};
const at = (day: string, hour: number) => `2026-03-0${day}T${String(hour).padStart(2, "0")}:00:00.000Z`;

const alpha: SeededRun[] = [
  { status: "completed", createdAt: at("1", 1), durationMs: 100, costUsd: 0.01, tokens: [100, 50] },
  {
    status: "completed",
    createdAt: at("1", 2),
    durationMs: 200,
    costUsd: 0.01,
    handledErrorNodes: ["parse"],
    toolCalls: [
      { toolName: "search", outcome: "completed", durationMs: 100 },
      { toolName: "search", outcome: "completed", durationMs: 300 },
      { toolName: "scrape", outcome: "error", durationMs: 50 },
    ],
  },
  { status: "completed", createdAt: at("1", 3), durationMs: 300, costUsd: 0.01 },
  { status: "completed", createdAt: at("1", 4), durationMs: 400, costUsd: 0.01 },
  {
    status: "failed",
    createdAt: at("1", 5),
    durationMs: 1000,
    costUsd: 0.02,
    failedNodes: ["fetch"],
    toolCalls: [
      { toolName: "scrape", outcome: "error", durationMs: 70 },
      { toolName: "scrape", outcome: "blocked", durationMs: null },
    ],
  },
  { status: "failed", createdAt: at("2", 9), durationMs: 2000, costUsd: 0.1, failedNodes: ["fetch"] },
  { status: "cancelled", createdAt: at("2", 10), durationMs: 50 },
  { status: "running", createdAt: at("2", 11) },
  // Not production, or not in the window: none of these counts anywhere.
  {
    status: "failed",
    createdAt: at("1", 6),
    durationMs: 9000,
    costUsd: 9,
    tokens: [9999],
    failedNodes: ["fetch"],
    toolCalls: [{ toolName: "scrape", outcome: "error", durationMs: 9000 }],
    kind: "test",
  },
  { status: "failed", createdAt: at("1", 7), durationMs: 9000, costUsd: 9, failedNodes: ["fetch"], kind: "evaluation" },
  { status: "failed", createdAt: "2026-02-28T23:59:59.999Z", durationMs: 9000, failedNodes: ["fetch"] },
  { status: "failed", createdAt: "2026-03-04T00:00:00.000Z", durationMs: 9000, failedNodes: ["fetch"] },
];
const beta: SeededRun[] = [
  {
    status: "completed",
    createdAt: at("1", 8),
    durationMs: 500,
    costUsd: 0.5,
    tokens: [1000],
    toolCalls: [
      { toolName: "search", outcome: "completed", durationMs: 200 },
      { toolName: "lookup", outcome: "completed", durationMs: 1000 },
    ],
  },
  { status: "waiting", createdAt: at("2", 12), durationMs: undefined },
];

const ids = { alpha: "", beta: "" };
const runIds = { alpha: [] as string[], beta: [] as string[] };
let insights: Insights;

async function createWorkflow(name: string) {
  const workflow = await getDb().workflow.create({ data: { name, graph } });
  return { id: workflow.id, name, graph };
}

beforeAll(async () => {
  const [a, b] = [await createWorkflow("Insights alpha"), await createWorkflow("Insights beta")];
  Object.assign(ids, { alpha: a.id, beta: b.id });
  runIds.alpha = await seedInsightRuns(a, alpha);
  runIds.beta = await seedInsightRuns(b, beta);
  insights = await readInsights(InsightsQuery.parse(WINDOW));
});

const counts = (values: Partial<Record<string, number>>) => ({
  queued: 0,
  running: 0,
  waiting: 0,
  completed: 0,
  failed: 0,
  cancelled: 0,
  ...values,
});

describe("readInsights", () => {
  it("adds up the window's production runs: counts, failure rate, p50/p95, tokens and cost", () => {
    expect(insights.window).toEqual({
      from: "2026-03-01T00:00:00.000Z",
      to: "2026-03-04T00:00:00.000Z",
      bucket: "day",
      range: "custom",
    });
    // Durations of completed and failed runs: 100 200 300 400 500 1000 2000.
    expect(insights.totals).toEqual({
      runs: 10,
      counts: counts({ completed: 5, failed: 2, cancelled: 1, running: 1, waiting: 1 }),
      finished: 8,
      failureRate: 0.25,
      p50Ms: 400,
      p95Ms: 1700, // 1000 + 0.7 × (2000 − 1000)
      tokens: 1150,
      costUsd: expect.closeTo(0.66, 10),
    });
  });

  it("counts each day by status, with its own failure rate and percentiles, empty days included", () => {
    const [first, second, third] = insights.buckets;
    expect(insights.buckets).toHaveLength(3);
    expect(first).toMatchObject({
      start: "2026-03-01T00:00:00Z",
      from: "2026-03-01T00:00:00.000Z",
      to: "2026-03-02T00:00:00.000Z",
      runs: 6,
      counts: counts({ completed: 5, failed: 1 }),
      failureRate: 1 / 6,
      p50Ms: 350, // 100 200 300 400 500 1000: between 300 and 400
      p95Ms: 875, // 500 + 0.75 × 500
      tokens: 1150,
    });
    expect(second).toMatchObject({
      start: "2026-03-02T00:00:00Z",
      runs: 4,
      counts: counts({ failed: 1, cancelled: 1, running: 1, waiting: 1 }),
      failureRate: 0.5,
      p50Ms: 2000,
      p95Ms: 2000,
      tokens: 0,
      costUsd: expect.closeTo(0.1, 10),
    });
    expect(third).toMatchObject({ runs: 0, counts: counts({}), failureRate: null, p50Ms: null, p95Ms: null });
  });

  it("gives tokens and cost per workflow and day, most costly workflow first", () => {
    expect(insights.workflows).toEqual([
      { id: ids.beta, name: "Insights beta", tokens: 1000, costUsd: 0.5 },
      { id: ids.alpha, name: "Insights alpha", tokens: 150, costUsd: expect.closeTo(0.16, 10) },
    ]);
    const spend = (workflowId: string, start: string) =>
      insights.spend.find((row) => row.workflowId === workflowId && row.start === start);
    expect(spend(ids.alpha, "2026-03-01T00:00:00Z")).toEqual({
      start: "2026-03-01T00:00:00Z",
      workflowId: ids.alpha,
      tokens: 150,
      costUsd: expect.closeTo(0.06, 10),
    });
    expect(spend(ids.beta, "2026-03-01T00:00:00Z")).toMatchObject({ tokens: 1000, costUsd: 0.5 });
    expect(spend(ids.alpha, "2026-03-02T00:00:00Z")).toMatchObject({ tokens: 0, costUsd: expect.closeTo(0.1, 10) });
  });

  it("ranks the nodes that failed in most runs, with their labels", () => {
    expect(insights.failingNodes).toEqual([
      {
        workflowId: ids.alpha,
        workflowName: "Insights alpha",
        nodeId: "fetch",
        label: "Fetch page",
        runs: 2,
        failures: 2,
      },
      { workflowId: ids.alpha, workflowName: "Insights alpha", nodeId: "parse", label: "Parse", runs: 1, failures: 1 },
    ]);
  });

  it("ranks the tools that fail most and the slowest ones from the gateway's records", () => {
    expect(insights.failingTools).toEqual([
      { toolName: "scrape", calls: 3, failedCalls: 3, runs: 2, failedRuns: 2, p50Ms: 60, p95Ms: 69, maxMs: 70 },
    ]);
    expect(insights.slowestTools.map((tool) => [tool.toolName, tool.p50Ms, tool.p95Ms, tool.maxMs])).toEqual([
      ["lookup", 1000, 1000, 1000],
      ["search", 200, 290, 300], // 100 200 300: 200 + 0.9 × 100
      ["scrape", 60, 69, 70], // the blocked call has no duration
    ]);
    expect(insights.slowestTools.find((tool) => tool.toolName === "search")).toMatchObject({ calls: 3, runs: 2 });
  });

  it("narrows to one workflow, or to the workflows a limited key may see", async () => {
    const one = await readInsights(InsightsQuery.parse({ ...WINDOW, workflowId: ids.alpha }));
    expect(one.totals).toMatchObject({ runs: 8, finished: 7, failureRate: 2 / 7, p50Ms: 350, tokens: 150 });
    expect(one.workflows.map((workflow) => workflow.id)).toEqual([ids.alpha]);
    const limited = await readInsights(InsightsQuery.parse(WINDOW), [ids.beta]);
    expect(limited.totals).toMatchObject({ runs: 2, counts: counts({ completed: 1, waiting: 1 }) });
    expect(limited.failingNodes).toEqual([]);
    expect(limited.slowestTools.map((tool) => tool.toolName)).toEqual(["lookup", "search"]);
  });
});

describe("the runs behind a figure (the runs list's filters Insights links to)", () => {
  const runsOf = async (query: Record<string, string>) =>
    (
      await listRuns(
        RunListQuery.parse({ since: WINDOW.from, until: "2026-03-03T23:59:59.999Z", ...query, limit: 100 }),
      )
    ).runs
      .map((run) => run.id)
      .sort();
  const sorted = (values: string[]) => [...values].sort();

  it("finds the failed production runs, the runs a node failed in, and those that called or failed a tool", async () => {
    expect(await runsOf({ tests: "hide", status: "failed" })).toEqual(sorted([runIds.alpha[4], runIds.alpha[5]]));
    expect(await runsOf({ tests: "hide" })).toHaveLength(insights.totals.runs);
    expect(await runsOf({ tests: "hide", failedNode: "fetch", workflowId: ids.alpha })).toEqual(
      sorted([runIds.alpha[4], runIds.alpha[5]]),
    );
    expect(await runsOf({ tests: "hide", failedNode: "parse" })).toEqual([runIds.alpha[1]]);
    expect(await runsOf({ tests: "hide", failedTool: "scrape" })).toEqual(sorted([runIds.alpha[1], runIds.alpha[4]]));
    expect(await runsOf({ tests: "hide", tool: "search" })).toEqual(sorted([runIds.alpha[1], runIds.beta[0]]));
    // Without tests=hide the test and evaluation runs are listed too.
    expect(await runsOf({ failedNode: "fetch" })).toHaveLength(4);
  });
});
