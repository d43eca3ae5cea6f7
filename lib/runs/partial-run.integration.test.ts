/**
 * Test runs from the editor through the real path (database, Redis, workers): run one node, run
 * from a node with the data of the last run or a pin, each a real run in the history marked as a
 * test; and production runs — the API, a webhook, a schedule — never use pins. A real HTTP server
 * counts how often the HTTP Request node really ran.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "../db/sql";
import { putSecret } from "../secrets/secret-store";
import { startCountingServer, type CountingServer } from "../testing/counting-server";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";
import { waitForRun } from "../testing/wait-for-run";
import type { WorkflowGraph, WorkflowNode } from "../workflow/graph";
import { getWorkflow, updateWorkflow } from "../workflow-store/repository";
import { listEvents } from "./read-events";
import { listRuns } from "./list-runs";
import { LEFT_OUT_REASON } from "../workflow/constants";
import { startTestRun } from "./partial-run";

let stack: TestStack;
let counter: CountingServer;
const floor = process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS;
beforeAll(async () => {
  process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS = "0"; // the schedule below fires every second
  stack = await startTestStack();
  counter = await startCountingServer();
  await putSecret("PIN_HOOK_SECRET", "pin-hook-secret-value");
});
afterAll(async () => {
  await stack.close();
  await counter.close();
  if (floor === undefined) delete process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS;
  else process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS = floor;
});

const PINNED = { status: 200, body: "from the pin" };
const fetchNode = (n: string, pinned?: boolean): WorkflowNode =>
  graphNode("fetch", "core.http.request", {
    label: "Fetch",
    params: { url: `${counter.url}/fast?n=${n}` },
    ...(pinned ? { pinned: { output: PINNED, source: "typed" as const } } : {}),
  });
const shapeNode = (expression: string) =>
  graphNode("shape", "core.transform", { label: "Shape", params: { mode: "jsonata", expression } });

/** trigger → Fetch → Shape. */
function graphFrom(trigger: WorkflowNode, fetch: WorkflowNode, expression = "{ 'got': $ }") {
  return {
    nodes: [trigger, fetch, shapeNode(expression)],
    edges: [graphEdge(trigger.id, "output", "fetch", "body"), graphEdge("fetch", "body", "shape", "input")],
  };
}

async function createWorkflow(graph: Pick<WorkflowGraph, "nodes" | "edges">): Promise<string> {
  const response = await stack.fetch("/api/workflows", {
    method: "POST",
    body: JSON.stringify({ name: "build loop", publish: true, ...graph }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function testRun(workflowId: string, request: Parameters<typeof startTestRun>[1]) {
  const started = await startTestRun(workflowId, request, undefined);
  if (!started.ok) throw new Error(started.message);
  return { runId: started.runId, result: await waitForRun(stack, started.runId) };
}

const completedEvent = async (runId: string, nodeId: string) =>
  (await listEvents(runId)).find((event) => event.type === "node.completed" && event.payload.nodeId === nodeId);

describe("test runs from the editor", () => {
  const hitsOf = (n: string) => counter.hits(`GET /fast?${n}`);

  it("runs one node (and what it needs), records it as a test run, and leaves the rest out", async () => {
    const id = await createWorkflow(graphFrom(graphNode("entry", "core.entry"), fetchNode("one")));
    const { runId, result } = await testRun(id, { mode: "node", nodeId: "fetch" });
    expect(result.status).toBe("completed");
    expect(hitsOf("one")).toBe(1);
    expect((await completedEvent(runId, "fetch"))?.payload).toMatchObject({ output: { body: "hit GET /fast?one" } });
    const events = await listEvents(runId);
    expect(events.find((event) => event.type === "node.skipped")?.payload).toEqual({
      nodeId: "shape",
      reason: LEFT_OUT_REASON,
    });
    const [run] = await sql<{ trigger: unknown }>`SELECT trigger FROM "Run" WHERE id = ${runId}`;
    expect(run.trigger).toEqual({
      kind: "manual",
      test: { mode: "node", nodeId: "fetch", ranNodeIds: ["entry", "fetch"], pinnedNodeIds: [] },
    });
    const history = await listRuns({ workflowId: id, limit: 10 });
    expect(history.runs.map((listed) => [listed.id, listed.test?.mode])).toEqual([[runId, "node"]]);
  });

  it("runs from a node with the last run's data, without calling what came before again", async () => {
    const id = await createWorkflow(graphFrom(graphNode("entry", "core.entry"), fetchNode("two")));
    const first = await testRun(id, { mode: "node", nodeId: "fetch" });
    const stored = (await getWorkflow(id))!;
    await updateWorkflow(id, { graph: graphFrom(stored.graph.nodes[0], stored.graph.nodes[1], "{ 'again': $ }") });
    const { runId, result } = await testRun(id, { mode: "from", nodeId: "shape" });
    expect(result).toMatchObject({ status: "completed", output: { result: { again: "hit GET /fast?two" } } });
    expect(hitsOf("two")).toBe(1);
    expect((await completedEvent(runId, "fetch"))?.payload).toMatchObject({
      reused: "earlier-run",
      fromRunId: first.runId,
      durationMs: 0,
    });
  });

  it("uses a pin instead of calling the node, in a partial and in a whole test run", async () => {
    const id = await createWorkflow(graphFrom(graphNode("entry", "core.entry"), fetchNode("three", true)));
    const from = await testRun(id, { mode: "from", nodeId: "shape" });
    expect(from.result).toMatchObject({ status: "completed", output: { result: { got: "from the pin" } } });
    const whole = await testRun(id, { mode: "all" });
    expect(whole.result).toMatchObject({ status: "completed", output: { result: { got: "from the pin" } } });
    expect(hitsOf("three")).toBe(0);
    expect((await completedEvent(whole.runId, "fetch"))?.payload).toMatchObject({ reused: "pinned" });
    // Asked to run the pinned node itself, it really runs.
    await testRun(id, { mode: "node", nodeId: "fetch" });
    expect(hitsOf("three")).toBe(1);
  });

  it("refuses a run of a node that is not there, naming it", async () => {
    const id = await createWorkflow(graphFrom(graphNode("entry", "core.entry"), fetchNode("four")));
    expect(await startTestRun(id, { mode: "node", nodeId: "ghost" }, undefined)).toMatchObject({
      ok: false,
      message: "nodeId: no node ghost in this workflow",
    });
  });
});

describe("production runs never use pins", () => {
  it("the API runs the pinned node for real", async () => {
    const id = await createWorkflow(graphFrom(graphNode("entry", "core.entry"), fetchNode("api", true)));
    const response = await stack.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: "{}" });
    const { runId } = (await response.json()) as { runId: string };
    expect(await waitForRun(stack, runId)).toMatchObject({ output: { result: { got: "hit GET /fast?api" } } });
    expect(counter.hits("GET /fast?api")).toBe(1);
  });

  it("a webhook runs the pinned node for real", async () => {
    const hook = graphNode("hook", "trigger.webhook", { params: { secret: { $secret: "PIN_HOOK_SECRET" } } });
    const id = await createWorkflow(graphFrom(hook, fetchNode("hook", true)));
    const response = await fetch(`${stack.url}/api/hooks/${id}/hook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-webhook-secret": "pin-hook-secret-value" },
      body: JSON.stringify("ping"), // a string, as the Fetch body takes
    });
    expect(response.status).toBe(202);
    const { runId } = (await response.json()) as { runId: string };
    expect(await waitForRun(stack, runId)).toMatchObject({
      error: null,
      output: { result: { got: "hit GET /fast?hook" } },
    });
    expect(counter.hits("GET /fast?hook")).toBe(1);
  });

  it("a schedule runs the pinned node for real", async () => {
    const tick = graphNode("tick", "trigger.schedule", {
      params: { cron: "* * * * * *", timezone: "UTC", input: "tick" },
    });
    const id = await createWorkflow(graphFrom(tick, fetchNode("schedule", true)));
    const runId = await waitFor(
      "a scheduled run",
      async () => (await sql<{ id: string }>`SELECT id FROM "Run" WHERE "workflowId" = ${id} LIMIT 1`)[0]?.id,
      15_000,
    );
    await updateWorkflow(id, { graph: { nodes: [], edges: [] } }); // disarms the schedule
    expect(await waitForRun(stack, runId)).toMatchObject({ output: { result: { got: "hit GET /fast?schedule" } } });
    expect(counter.hits("GET /fast?schedule")).toBeGreaterThanOrEqual(1);
  });
});

describe("pins are checked when a workflow is stored", () => {
  it("refuses a pin on a tool-mode node, naming the node", async () => {
    const tool = graphNode("web", "core.http.request", {
      label: "Web",
      mode: "tool",
      params: { url: "http://example.com" },
      pinned: { output: { body: "x" }, source: "typed" },
    });
    const response = await stack.fetch("/api/workflows", {
      method: "POST",
      body: JSON.stringify({ name: "bad pin", nodes: [tool], edges: [] }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Node \\"Web\\" (web) pinned data: a tool-mode node hands nothing on');
  });

  it("refuses pinned data that is not an object of outputs", async () => {
    const node = { ...graphNode("fetch", "core.http.request", { params: { url: "http://example.com" } }) };
    (node.data as Record<string, unknown>).pinned = { output: "just text" };
    const response = await stack.fetch("/api/workflows", {
      method: "POST",
      body: JSON.stringify({ name: "bad pin", nodes: [node], edges: [] }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("data.pinned.output");
  });
});
