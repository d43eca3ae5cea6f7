/**
 * GET /api/insights over real HTTP: the figures of seeded runs as JSON, and a bad query answered with a 400 that
 * names the parameter at fault.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { seedInsightRuns } from "@/lib/testing/insight-runs";
import { startTestStack, type TestStack } from "@/lib/testing/test-stack";
import type { Insights } from "@/lib/insights/read-insights";

let stack: TestStack;
let workflowId = "";

beforeAll(async () => {
  stack = await startTestStack();
  const workflow = await getDb().workflow.create({ data: { name: "Insights route", graph: { nodes: [], edges: [] } } });
  workflowId = workflow.id;
  await seedInsightRuns({ id: workflow.id, name: workflow.name, graph: { nodes: [], edges: [] } }, [
    { status: "completed", createdAt: "2025-06-10T08:00:00.000Z", durationMs: 1000, costUsd: 0.25 },
    { status: "failed", createdAt: "2025-06-11T08:00:00.000Z", durationMs: 3000, costUsd: 0.5 },
  ]);
});
afterAll(() => stack.close());

const get = async (query: string) => {
  const response = await stack.fetch(`/api/insights?${query}`);
  return { status: response.status, body: await response.json() };
};

describe("GET /api/insights", () => {
  it("answers the window's figures", async () => {
    const { status, body } = await get(`workflowId=${workflowId}&from=2025-06-10&to=2025-06-11`);
    expect(status).toBe(200);
    const insights = body as Insights;
    expect(insights.totals).toMatchObject({ runs: 2, failureRate: 0.5, p50Ms: 2000, p95Ms: 2900, costUsd: 0.75 });
    expect(insights.buckets.map((bucket) => [bucket.start, bucket.counts.completed, bucket.counts.failed])).toEqual([
      ["2025-06-10T00:00:00Z", 1, 0],
      ["2025-06-11T00:00:00Z", 0, 1],
    ]);
  });

  it.each([
    ["range=1y", 'range: Invalid option: expected one of "24h"|"7d"|"30d"|"90d"'],
    ["from=yesterday", "from: expected a day (YYYY-MM-DD) or an ISO 8601 time"],
    ["from=2025-06-11&to=2025-06-09", "to: must be after from"],
    ["to=2025-06-11", "from: required with to"],
    ["range=7d&from=2025-06-01", "range: give a range or from/to, not both"],
    ["from=2020-01-01&to=2025-06-01", "from: at most 400 days before to"],
  ])("refuses %s with a 400 naming the parameter", async (query, error) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "bad-request", error });
  });
});
