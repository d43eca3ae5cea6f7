/**
 * Waits that cost nothing, with real worker processes, PostgreSQL and Redis: a Wait of an hour
 * suspends its run (no worker slot, a delayed wake-up job), survives its worker's death, and —
 * its stored wake time moved up and its Redis job lost — is woken from PostgreSQL by another
 * worker, keeping the nodes done before it; a Wait for webhook goes on with the body POSTed to its
 * one-time resume URL, which refuses a second use and a forged token, and hands that URL to its
 * notify URL again after a failed send (once, however often the node runs); a thousand suspended runs
 * hold no worker slot and add next to nothing to the worker's heap.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { allRunsQueues, runsQueue, sumCounts } from "../queue/queues";
import { graphEdge, graphNode } from "../testing/fixtures";
import { crashRig } from "../testing/crash-rig";
import { startFlakyServer } from "../testing/flaky-server";
import { waitFor } from "../testing/wait-for";
import type { WorkflowGraph } from "../workflow/graph";
import { createWorkflow } from "../workflow-store/repository";
import { listEvents } from "./read-events";
import { liveApprovalOfLink } from "./resume-by-link";
import { findNodeWait } from "./run-waits";
import { startRun } from "./start-run";
import { startWorkers } from "./start-workers";
import { wakeJobId } from "./wake-run";

const rig = crashRig();
const worker = rig.worker;

const start = (graph: WorkflowGraph, input?: unknown) => rig.startGraph(graph, input, "suspended");

const runRow = (runId: string) =>
  getDb().run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, error: true, output: true } });
const ENDED = ["completed", "failed", "cancelled"];
/** The runs whose jobs hold a worker slot right now (the queue is shared with other test files). */
const activeRunIds = async (): Promise<string[]> =>
  (await Promise.all(allRunsQueues().map((queue) => queue.getActive())))
    .flat()
    .map((job) => (job.data as { runId: string }).runId);

/** The run once it is `status` (or has ended otherwise: then the test fails saying how). */
async function waitForStatus(runId: string, status: string, timeoutMs = 30_000) {
  const run = await waitFor(
    `run ${runId} to be ${status}`,
    async () => {
      const found = await runRow(runId);
      return found.status === status || ENDED.includes(found.status) ? found : undefined;
    },
    timeoutMs,
    100,
  );
  expect(run, JSON.stringify(run)).toMatchObject({ status });
  return run;
}

const http = (id: string, path: string) =>
  graphNode(id, "core.http.request", { params: { method: "GET", url: `${rig.server.url}${path}` } });

describe("a Wait of an hour", () => {
  it("suspends the run, and another worker resumes it from PostgreSQL after the first one died", async () => {
    const first = await worker("w1");
    const runId = await start({
      nodes: [
        graphNode("entry", "core.entry"),
        http("before", "/fast?n=wait-before"),
        graphNode("hour", "core.wait", { label: "An hour", params: { seconds: 3600 } }),
        http("after", "/fast?n=wait-after"),
      ],
      edges: [
        graphEdge("entry", "output", "before", "body"),
        graphEdge("before", "body", "hour", "input"),
        graphEdge("hour", "output", "after", "body"),
      ],
    });
    await waitForStatus(runId, "waiting");
    const wait = await findNodeWait(runId, "hour");
    expect(wait?.kind).toBe("timer");
    expect(wait!.wakeAt!.getTime() - Date.now()).toBeGreaterThan(3590_000);
    // No worker slot is held (its job ends right after the run parks) and the wake-up is a delayed job, an hour out.
    const released = async () => ((await activeRunIds()).includes(runId) ? undefined : true);
    await waitFor("the run's job to let go of its slot", released, 5_000);
    const job = await runsQueue(runId).getJob(wakeJobId(runId, wait!.wakeAt!));
    expect(await job?.getState()).toBe("delayed");
    expect(await getDb().run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ leaseOwner: null });

    await first.kill("SIGKILL");
    // Redis loses the delayed job; the hour passes (the stored wake time moves up): PostgreSQL is the truth.
    await job!.remove();
    await getDb().runWait.update({ where: { id: wait!.id }, data: { wakeAt: new Date(Date.now() - 1000) } });
    await worker("w2");

    await waitForStatus(runId, "completed");
    expect(rig.server.hits("GET /fast?wait-before")).toBe(1); // done before the wait: not run again
    expect(rig.server.hits("GET /fast?wait-after")).toBe(1);
    const events = await listEvents(runId);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    const types = events.map((event) => event.type);
    expect(types).toContain("run.waiting");
    expect(events.find((event) => event.type === "node.waiting")?.payload).toMatchObject({
      nodeId: "hour",
      kind: "timer",
    });
    expect(events.find((event) => event.type === "node.wait.ended")?.payload).toMatchObject({ by: "clock" });
    expect(events.find((event) => event.type === "run.resumed")?.payload).toMatchObject({
      woken: true,
      retriedNodeIds: [],
    });
    expect(types.at(-1)).toBe("run.completed");
  }, 90_000);
});

describe("Wait for webhook", () => {
  it("goes on with the body POSTed to its one-time resume URL, which works once", async () => {
    await worker("w1");
    const runId = await start(
      {
        nodes: [graphNode("entry", "core.entry"), graphNode("hook", "core.wait.webhook", { label: "Callback" })],
        edges: [graphEdge("entry", "output", "hook", "input")],
      },
      { order: 42 },
    );
    await waitForStatus(runId, "waiting");
    const links = await rig.web.fetch(`/api/runs/${runId}/waits/hook`);
    expect(links.status).toBe(200);
    const { resumeUrl, kind } = (await links.json()) as { resumeUrl: string; kind: string };
    expect(kind).toBe("webhook");
    expect(resumeUrl).toMatch(/\/api\/resume\/[^/]+\.[^/]+$/);
    // The link's secret is in no event.
    expect(JSON.stringify(await listEvents(runId))).not.toContain(resumeUrl.split("/").at(-1)!);

    const post = (url: string, body: unknown) =>
      fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const forged = await post(resumeUrl.replace(/\.[^.]+$/, ".forged"), { nope: true });
    expect(forged.status).toBe(404);
    const first = await post(resumeUrl, { order: 42, approved: "yes" });
    expect(first.status).toBe(202);
    const run = await waitForStatus(runId, "completed");
    expect(run).toMatchObject({ output: { body: { order: 42, approved: "yes" } } });

    const again = await post(resumeUrl, { order: 43 });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: "This resume URL has been used already: it works once" });
    const ended = (await listEvents(runId)).find((event) => event.type === "node.wait.ended");
    expect(ended?.payload).toMatchObject({ nodeId: "hook", by: "webhook" });
  }, 60_000);
  it("sends its link to the notify URL again when the first send failed, and once it got there never again", async () => {
    await worker("w1");
    const notified = await startFlakyServer();
    try {
      const notifyUrl = `${notified.url}/flaky?key=hook&fails=1`;
      const runId = await start({
        nodes: [
          graphNode("entry", "core.entry"),
          graphNode("hook", "core.wait.webhook", {
            params: { notifyUrl },
            retry: { maxTries: 3, waitMs: 50, backoff: "fixed" },
          }),
        ],
        edges: [graphEdge("entry", "output", "hook", "input")],
      });
      await waitForStatus(runId, "waiting");
      // The first POST was refused (503): the node's retry ran it again, and its open wait sent the link again.
      expect(notified.hits("/flaky:hook")).toHaveLength(2);
      expect((await findNodeWait(runId, "hook"))?.handedOutAt).toBeInstanceOf(Date);

      const { resumeUrl } = (await (await rig.web.fetch(`/api/runs/${runId}/waits/hook`)).json()) as {
        resumeUrl: string;
      };
      const resumed = await fetch(resumeUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(resumed.status).toBe(202);
      await waitForStatus(runId, "completed");
      // Woken, the node ran once more and found its link handed out: nothing was sent.
      expect(notified.hits("/flaky:hook")).toHaveLength(2);
    } finally {
      await notified.close();
    }
  }, 60_000);
});

describe("a thousand suspended runs", () => {
  it("hold no worker slot and no more worker memory than as many finished runs", async () => {
    setFlagsFromString("--expose_gc");
    const gc = runInNewContext("gc") as () => void;
    const heap = () => (gc(), gc(), process.memoryUsage().heapUsed);
    const workers = await startWorkers({ runConcurrency: 32 });
    try {
      /**
       * Starts `count` runs of a workflow (entry → Wait of `seconds`), 50 at a time, and waits until they are
       * `status`: the heap they added.
       */
      let suspendedWorkflowId = "";
      const heapAdded = async (seconds: number, status: "waiting" | "completed", count: number) => {
        const { id } = await createWorkflow(`thousand ${status}`, {
          nodes: [graphNode("entry", "core.entry"), graphNode("pause", "core.wait", { params: { seconds } })],
          edges: [graphEdge("entry", "output", "pause", "input")],
        });
        const settled = () => getDb().run.count({ where: { workflowId: id, status, leaseOwner: null } });
        const startBatch = (size: number) => Promise.all(Array.from({ length: size }, () => startRun(id, undefined)));
        await startBatch(20); // warm up: JIT, pools, statement caches
        await waitFor("the warm-up runs", async () => ((await settled()) === 20 ? true : undefined), 60_000);
        const before = heap();
        for (let batch = 0; batch < count; batch += 50) await startBatch(50);
        await waitFor(
          `${count} runs ${status}`,
          async () => ((await settled()) === count + 20 ? true : undefined),
          240_000,
          500,
        );
        if (status === "waiting") suspendedWorkflowId = id;
        return heap() - before;
      };
      const finished = await heapAdded(0, "completed", 1000);
      const suspended = await heapAdded(3600, "waiting", 1000);
      // Other test files share the queue: only these runs' jobs count (each ends right after its run parks).
      const holding = async () =>
        getDb().run.count({ where: { workflowId: suspendedWorkflowId, id: { in: await activeRunIds() } } });
      await waitFor(
        "no suspended run to hold a slot",
        async () => ((await holding()) === 0 ? true : undefined),
        10_000,
      );
      // Their wake-ups wait in Redis.
      expect(await sumCounts((queue) => queue.getDelayedCount())).toBeGreaterThanOrEqual(1020);
      console.log(
        `[thousand] worker heap added: ${Math.round(finished / 1000)} B per finished run, ` +
          `${Math.round(suspended / 1000)} B per suspended run`,
      );
      // Whatever a run leaves in a worker's heap (caches, JIT), a suspended one leaves no more: nothing of it stays
      // in memory.
      expect(suspended / 1000).toBeLessThan(Math.max(finished / 1000, 0) + 1024);
    } finally {
      await workers.close();
    }
  }, 600_000);
});

describe("an Approval step", () => {
  it("suspends its run, and a person's approval with an edited value wakes it on the approved branch", async () => {
    await worker("approver");
    const runId = await start(
      {
        nodes: [
          graphNode("entry", "core.entry"),
          graphNode("approve", "core.approval", { label: "Ship it?", params: { message: "Ship this order?" } }),
          graphNode("ship", "core.output", { label: "Shipped" }),
          graphNode("keep", "core.output", { label: "Kept" }),
        ],
        edges: [
          graphEdge("entry", "output", "approve", "input"),
          graphEdge("approve", "approved", "ship", "value"),
          graphEdge("approve", "rejected", "keep", "value"),
        ],
      },
      { order: 7 },
    );
    await waitForStatus(runId, "waiting");
    const decided = await rig.web.fetch(`/api/runs/${runId}/waits/approve`, {
      method: "POST",
      body: JSON.stringify({ decision: "approved", value: { order: 8 } }),
    });
    expect(decided.status, await decided.clone().text()).toBe(202);
    const ended = await waitForStatus(runId, "completed");
    expect(ended.output).toEqual({ order: 8 }); // the approved branch ran, with the edited value
  });

  it("offers its one-time page only while the run waits: a cancelled run's link decides nothing", async () => {
    await worker("approver");
    const runId = await start({
      nodes: [graphNode("entry", "core.entry"), graphNode("approve", "core.approval", { label: "Ship it?" })],
      edges: [graphEdge("entry", "output", "approve", "input")],
    });
    await waitForStatus(runId, "waiting");
    const { pageUrl } = (await (await rig.web.fetch(`/api/runs/${runId}/waits/approve`)).json()) as { pageUrl: string };
    const token = pageUrl.split("/").at(-1)!;
    expect(await liveApprovalOfLink(token)).toMatchObject({ runId, kind: "approval" });
    expect((await rig.web.fetch(`/api/runs/${runId}/cancel`, { method: "POST" })).status).toBeLessThan(300);
    await waitForStatus(runId, "cancelled");
    expect(await liveApprovalOfLink(token)).toBeNull();
  });
});
