/**
 * Durable runs with real worker processes, PostgreSQL and Redis: a worker killed mid-run (SIGKILL)
 * and another one finishing the run from its last completed node (an agent from its last recorded
 * step: durable-agent.integration.test.ts has more); a node that is not safe to run
 * again failing the run with its name; a node that was in flight when two workers in a row died
 * failing the run instead of killing a third; cancelling a run whose worker died; the event log staying
 * dense and ordered through all of it.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { sharedRedis } from "../queue/redis";
import { graphEdge, graphNode } from "../testing/fixtures";
import { crashRig } from "../testing/crash-rig";
import { waitFor } from "../testing/wait-for";
import type { WorkflowGraph } from "../workflow/graph";
import { createWorkflow } from "../workflow-store/repository";
import { listEvents } from "./read-events";
import { cancelRun } from "./run-cancellation";
import { startRun } from "./start-run";

const rig = crashRig();
const worker = rig.worker;

/** entry → fast GET a → slow b (4 s) → fast GET c, chained through their bodies. */
function chain(tag: string, slowMethod: "GET" | "POST"): WorkflowGraph {
  const http = (id: string, path: string, method = "GET") =>
    graphNode(id, "core.http.request", { params: { method, url: `${rig.server.url}${path}?n=${tag}-${id}` } });
  return {
    nodes: [graphNode("entry", "core.entry"), http("a", "/fast"), http("b", "/slow", slowMethod), http("c", "/fast")],
    edges: [
      graphEdge("entry", "output", "a", "body"),
      graphEdge("a", "body", "b", "body"),
      graphEdge("b", "body", "c", "body"),
    ],
  };
}

const start = (graph: WorkflowGraph) => rig.startGraph(graph, undefined, "durability");

const runStatus = async (runId: string) =>
  await getDb().run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, error: true } });
const waitForEnd = (runId: string, timeoutMs = 30_000) =>
  waitFor(
    `run ${runId} to end`,
    async () => {
      const run = await runStatus(runId);
      return ["completed", "failed", "cancelled"].includes(run.status) ? run : undefined;
    },
    timeoutMs,
    200,
  );

async function expectDenseLog(runId: string) {
  const events = await listEvents(runId);
  expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
  return events;
}

describe("a worker killed mid-run", () => {
  it("is replaced by another worker that resumes from the last completed node", async () => {
    const first = await worker("w1");
    const runId = await start(chain("resume", "GET"));
    await waitFor(
      "the slow node to be called",
      () => (rig.server.hits("GET /slow?resume-b") > 0 ? true : undefined),
      15_000,
    );
    await first.kill("SIGKILL");
    const killedAt = Date.now();
    await worker("w2");

    const run = await waitForEnd(runId);
    expect(run.status).toBe("completed");
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(rig.server.hits("GET /fast?resume-a")).toBe(1); // done before the crash: not executed again
    expect(rig.server.hits("GET /slow?resume-b")).toBe(2); // in flight, safe to retry: executed again
    expect(rig.server.hits("GET /fast?resume-c")).toBe(1);
    const events = await expectDenseLog(runId);
    const resumed = events.find((event) => event.type === "run.resumed");
    expect(resumed?.payload).toMatchObject({ completedNodeIds: ["entry", "a"], retriedNodeIds: ["b"] });
    expect(events.at(-1)?.type).toBe("run.completed");
  }, 60_000);

  it("does not crash-loop: a node in flight when two workers in a row died fails the run instead of running again", async () => {
    const first = await worker("w1");
    const runId = await start(chain("poison", "GET"));
    await waitFor(
      "the slow node to be called",
      () => (rig.server.hits("GET /slow?poison-b") > 0 ? true : undefined),
      15_000,
    );
    await first.kill("SIGKILL");
    const second = await worker("w2");
    await waitFor(
      "the slow node to be called again",
      () => (rig.server.hits("GET /slow?poison-b") > 1 ? true : undefined),
      30_000,
    );
    await second.kill("SIGKILL");
    await worker("w3");

    const run = await waitForEnd(runId);
    expect(run).toEqual({
      status: "failed",
      error: 'The worker stopped 2 times while "b" was running; it is not run again',
    });
    expect(rig.server.hits("GET /slow?poison-b")).toBe(2); // not a third time
    const events = await expectDenseLog(runId);
    expect(events.filter((event) => event.type === "run.resumed").map((event) => event.payload)).toMatchObject([
      { retriedNodeIds: ["b"], afterCrash: true },
    ]);
    expect(events.at(-1)?.payload).toMatchObject({ nodeId: "b" });
  }, 90_000);

  it("resumes a Loop after the items it had finished (each item is a checkpoint)", async () => {
    const first = await worker("w1");
    const { id } = await createWorkflow("loop durability", {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("each", "core.loop", {
          label: "Each",
          params: { args: { url: `${rig.server.url}/slow?ms=400&n=loop-{{item}}` }, concurrency: 1 },
        }),
        graphNode("fetch", "core.http.request", {
          label: "Fetch",
          mode: "tool",
          params: { method: "GET", url: `${rig.server.url}/fast` },
        }),
      ],
      edges: [graphEdge("entry", "output", "each", "items"), graphEdge("fetch", "tool", "each", "tools")],
    });
    const items = [0, 1, 2, 3, 4, 5];
    const started = await startRun(id, items);
    if (!started.ok) throw new Error(started.message);
    const doneItems = async () => (await listEvents(started.runId)).filter((event) => event.type === "loop.item");
    await waitFor(
      "three items to be done",
      async () => ((await doneItems()).length >= 3 ? true : undefined),
      30_000,
      50,
    );
    await first.kill("SIGKILL");
    await worker("w2");

    const run = await waitForEnd(started.runId, 60_000);
    expect(run.status).toBe("completed");
    const hits = items.map((item) => rig.server.hits(`GET /slow?loop-${item}`));
    expect(hits.slice(0, 3)).toEqual([1, 1, 1]); // stored before the crash: not called again
    for (const count of hits) expect([1, 2]).toContain(count); // the item in flight may be called twice
    const events = await expectDenseLog(started.runId);
    expect(events.some((event) => event.type === "run.resumed")).toBe(true);
    expect(new Set((await doneItems()).map((event) => (event.payload as { index: number }).index))).toEqual(
      new Set(items),
    );
  }, 90_000);

  it("fails the run naming the node when running it again is not safe", async () => {
    const first = await worker("w1");
    const runId = await start(chain("unsafe", "POST"));
    await waitFor("the slow POST", () => (rig.server.hits("POST /slow?unsafe-b") > 0 ? true : undefined), 15_000);
    await first.kill("SIGKILL");
    await worker("w2");

    const run = await waitForEnd(runId);
    expect(run.status).toBe("failed");
    expect(run.error).toContain('worker stopped while "b" was running');
    expect(rig.server.hits("POST /slow?unsafe-b")).toBe(1);
    expect(rig.server.hits("GET /fast?unsafe-c")).toBe(0);
    const events = await expectDenseLog(runId);
    expect(events.find((event) => event.type === "node.failed")?.payload).toMatchObject({ nodeId: "b" });
  }, 60_000);

  it("can be cancelled while no worker owns it, and the cancel ends it at once", async () => {
    const first = await worker("w1");
    const runId = await start(chain("orphan", "GET"));
    await waitFor("the slow node", () => (rig.server.hits("GET /slow?orphan-b") > 0 ? true : undefined), 15_000);
    await first.kill("SIGKILL");
    // Let the dead worker's lease lapse (5 s in tests), then cancel: nobody is left to see a flag.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const result = await cancelRun(sharedRedis(), runId);
    expect(result).toEqual({ ok: true, status: "cancelled" });
    expect((await runStatus(runId)).status).toBe("cancelled");
    const events = await expectDenseLog(runId);
    expect(events.at(-1)?.type).toBe("run.cancelled");

    // A worker arriving later does not bring it back.
    await worker("w2");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await runStatus(runId)).status).toBe("cancelled");
    expect(rig.server.hits("GET /fast?orphan-c")).toBe(0);
  }, 60_000);
});

describe("an agent whose worker is killed mid-step", () => {
  it("goes on from its recorded step on another worker, sends the cut-off GET again, and answers", async () => {
    const first = await worker("w1");
    const graph: WorkflowGraph = {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("agent", "core.agent", {
          params: {
            provider: "scripted",
            script: {
              toolCalls: [{ tool: "fetch", args: { url: `${rig.server.url}/slow?ms=3000&n=agent` } }],
              finalText: "got {{results.0}}",
            },
          },
        }),
        graphNode("fetch", "core.http.request", { label: "fetch", mode: "tool" }),
      ],
      edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("fetch", "tool", "agent", "tools")],
    };
    const runId = await start(graph);
    await waitFor("the agent's tool call", () => (rig.server.hits("GET /slow?agent") > 0 ? true : undefined), 15_000);
    await first.kill("SIGKILL");
    await worker("w2");

    const run = await waitForEnd(runId);
    expect(run.status, run.error ?? "").toBe("completed");
    const output = (await getDb().run.findUniqueOrThrow({ where: { id: runId } })).output as { text: string };
    expect(output.text).toContain("hit GET /slow?agent");
    expect(rig.server.hits("GET /slow?agent")).toBe(2); // in flight, harmless to repeat: sent again
    const events = await expectDenseLog(runId);
    const steps = events.filter((event) => event.type === "agent.step").map((event) => event.payload.iteration);
    expect(steps).toEqual([1, 2]); // step 1 was recorded before the crash: not asked again
    expect(events.find((event) => event.type === "run.resumed")?.payload).toMatchObject({ retriedNodeIds: ["agent"] });
  }, 60_000);
});

describe("many runs and a crash", () => {
  it("leaves no run stuck when one of two workers dies under 50 concurrent runs", async () => {
    const [victim] = await Promise.all([worker("victim"), worker("survivor")]);
    const graph = (i: number): WorkflowGraph => ({
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("slow", "core.http.request", { params: { url: `${rig.server.url}/slow?ms=1500&n=many-${i}` } }),
      ],
      edges: [graphEdge("entry", "output", "slow", "body")],
    });
    const runIds = await Promise.all(Array.from({ length: 50 }, (_, i) => start(graph(i))));
    await waitFor(
      "some runs to be running",
      async () =>
        (await getDb().run.count({ where: { id: { in: runIds }, status: "running" } })) > 4 ? true : undefined,
      15_000,
    );
    await victim.kill("SIGKILL");
    const killedAt = Date.now();
    await waitFor(
      "every run to end",
      async () =>
        (await getDb().run.count({ where: { id: { in: runIds }, status: { in: ["queued", "running"] } } })) === 0
          ? true
          : undefined,
      60_000,
      250,
    );
    expect(Date.now() - killedAt).toBeLessThan(45_000);
    const statuses = await getDb().run.groupBy({ by: ["status"], where: { id: { in: runIds } }, _count: true });
    expect(statuses).toEqual([{ status: "completed", _count: 50 }]);
    for (const runId of runIds) await expectDenseLog(runId);
  }, 90_000);
});
