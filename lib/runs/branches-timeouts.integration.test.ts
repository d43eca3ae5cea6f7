/** Parallel branches and timeouts, through real workers, PostgreSQL, Redis and a real HTTP server. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { startCountingServer, type CountingServer } from "../testing/counting-server";
import { graphEdge, graphNode } from "../testing/fixtures";
import { waitFor } from "../testing/wait-for";
import type { WorkflowGraph } from "../workflow/graph";
import { createWorkflow } from "../workflow-store/repository";
import { listEvents } from "./read-events";
import { startRun } from "./start-run";
import { startWorkers, type RunningWorkers } from "./start-workers";

let server: CountingServer;
let workers: RunningWorkers;

beforeAll(async () => {
  server = await startCountingServer();
  workers = await startWorkers({ runConcurrency: 4, toolCallConcurrency: 4, log: () => undefined });
});
afterAll(async () => {
  await workers.close();
  await server.close();
});

const slow = (id: string, ms: number, extra: object = {}) =>
  graphNode(id, "core.http.request", { params: { url: `${server.url}/slow?ms=${ms}&n=${id}` }, ...extra });

async function runToEnd(graph: WorkflowGraph) {
  const { id } = await createWorkflow("branches", graph);
  const started = await startRun(id, undefined);
  if (!started.ok) throw new Error(started.message);
  const run = await waitFor(
    "the run to end",
    async () => {
      const row = await getDb().run.findUniqueOrThrow({ where: { id: started.runId } });
      return ["completed", "failed", "cancelled"].includes(row.status) ? row : undefined;
    },
    20_000,
  );
  return { run, events: await listEvents(started.runId) };
}

describe("independent branches", () => {
  it("run at the same time: two 1.5 s branches finish in about the time of one", async () => {
    const { run, events } = await runToEnd({
      nodes: [graphNode("entry", "core.entry"), slow("left", 1500), slow("right", 1500)],
      edges: [graphEdge("entry", "output", "left", "body"), graphEdge("entry", "output", "right", "body")],
    });
    expect(run.status).toBe("completed");
    expect(run.finishedAt!.getTime() - run.startedAt!.getTime()).toBeLessThan(2_500);
    const started = events
      .filter((event) => event.type === "node.started")
      .map((event) => (event.payload as { nodeId: string }).nodeId);
    const firstCompletion = events.findIndex(
      (event) => event.type === "node.completed" && (event.payload as { nodeId: string }).nodeId !== "entry",
    );
    // Both branches started before either finished.
    expect(
      events.findIndex(
        (event) => event.type === "node.started" && (event.payload as { nodeId: string }).nodeId === "right",
      ),
    ).toBeLessThan(firstCompletion);
    expect(started).toEqual(expect.arrayContaining(["left", "right"]));
  });

  it("a failing branch fails the run and stops its sibling", async () => {
    const { run, events } = await runToEnd({
      nodes: [
        graphNode("entry", "core.entry"),
        slow("long", 5000),
        graphNode("broken", "core.http.request", { params: { url: "http://127.0.0.1:1/unreachable" } }),
      ],
      edges: [graphEdge("entry", "output", "long", "body"), graphEdge("entry", "output", "broken", "body")],
    });
    expect(run.status).toBe("failed");
    expect(run.finishedAt!.getTime() - run.startedAt!.getTime()).toBeLessThan(4_000);
    expect(events.find((event) => event.type === "run.failed")?.payload).toMatchObject({ nodeId: "broken" });
    expect(
      events.some(
        (event) => event.type === "node.completed" && (event.payload as { nodeId: string }).nodeId === "long",
      ),
    ).toBe(false);
  });
});

describe("timeouts", () => {
  it("a node that runs past its timeout fails the run naming it", async () => {
    const { run } = await runToEnd({
      nodes: [graphNode("entry", "core.entry"), slow("sluggish", 5000, { timeoutSeconds: 1 })],
      edges: [graphEdge("entry", "output", "sluggish", "body")],
    });
    expect(run.status).toBe("failed");
    expect(run.error).toBe('"sluggish" took longer than its timeout of 1 s');
  });

  it("a run that runs past the workflow's run timeout fails with the reason", async () => {
    const { run } = await runToEnd({
      nodes: [graphNode("entry", "core.entry"), slow("first", 800), slow("second", 800)],
      edges: [graphEdge("entry", "output", "first", "body"), graphEdge("first", "body", "second", "body")],
      settings: { runTimeoutSeconds: 1 },
    });
    expect(run.status).toBe("failed");
    expect(run.error).toBe("The run took longer than its timeout of 1 s");
  });
});
