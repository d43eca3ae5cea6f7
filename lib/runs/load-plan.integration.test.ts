/**
 * A run's plan as tool calls read it: from the database, or lent by the worker running the run in
 * the same process, and from the database again once the run takes it back.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { graphEdge, graphNode, storeRun } from "../testing/fixtures";
import { lendPlan, loadPlan } from "./load-plan";

describe("loadPlan", () => {
  it("reads a stored run's plan, and a lent plan while it is lent", async () => {
    const { runId, plan } = await storeRun({
      nodes: [graphNode("agent", "core.agent"), graphNode("http", "core.http.request", { mode: "tool" })],
      edges: [graphEdge("http", "tool", "agent", "tools")],
    });
    expect(await loadPlan(runId)).toEqual(plan);
    const lent = { ...plan, nodes: { ...plan.nodes } };
    const takeBack = lendPlan(runId, lent);
    expect(await loadPlan(runId)).toBe(lent);
    takeBack();
    expect(await loadPlan(runId)).not.toBe(lent);
    expect(await loadPlan(runId)).toEqual(plan);
  });

  it("has no plan for a run that is neither stored nor lent", async () => {
    const runId = randomUUID();
    const takeBack = lendPlan(runId, (await storeRun({ nodes: [graphNode("entry", "core.entry")], edges: [] })).plan);
    expect(await loadPlan(runId)).not.toBeNull();
    takeBack();
    expect(await loadPlan(runId)).toBeNull();
  });
});
