/**
 * Per-workflow concurrency and run priority through the real API, worker, Redis and PostgreSQL.
 * A workflow limited to 2 runs at once never has more than 2 running (measured from the run
 * records' start and end times), its extra runs wait `queued` without holding a worker slot, and
 * all start in the order they were made; a person's run overtakes scheduled runs waiting in line.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "../db/sql";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";
import { waitForRun } from "../testing/wait-for-run";
import type { WorkflowGraph } from "../workflow/graph";
import { startRun } from "./start-run";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ runConcurrency: 4 });
});
afterAll(() => stack.close());

const waitingGraph = (seconds: number, settings?: WorkflowGraph["settings"]) => ({
  nodes: [graphNode("entry", "core.entry"), graphNode("wait", "core.wait", { label: "Wait", params: { seconds } })],
  edges: [graphEdge("entry", "output", "wait", "input")],
  ...(settings ? { settings } : {}),
});

async function createWorkflow(graph: ReturnType<typeof waitingGraph>): Promise<string> {
  const response = await stack.fetch("/api/workflows", {
    method: "POST",
    body: JSON.stringify({ name: "limited", publish: true, ...graph }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function startByApi(workflowId: string, input: unknown): Promise<string> {
  const response = await stack.fetch(`/api/workflows/${workflowId}/runs`, {
    method: "POST",
    body: JSON.stringify({ input }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { runId: string }).runId;
}

type RunTimes = {
  id: string;
  status: string;
  createdAt: Date;
  startedAt: Date;
  finishedAt: Date;
  trigger: { kind: string };
};
const runTimes = (workflowId: string) =>
  sql<RunTimes>`SELECT id, status::text AS status, "createdAt", "startedAt", "finishedAt", trigger FROM "Run"
    WHERE "workflowId" = ${workflowId} ORDER BY "createdAt", id`;

/** The most runs that were running at the same moment, from their start and end times. */
function mostAtOnce(runs: RunTimes[]): number {
  const moments = runs.flatMap((run) => [
    { at: run.startedAt.getTime(), change: 1 },
    { at: run.finishedAt.getTime(), change: -1 },
  ]);
  moments.sort((a, b) => a.at - b.at || a.change - b.change); // an end at the same instant as a start comes first
  let running = 0;
  let most = 0;
  for (const moment of moments) most = Math.max(most, (running += moment.change));
  return most;
}

describe("maxConcurrentRuns", () => {
  it("runs 20 runs of a workflow limited to 2 at most 2 at a time, in order, while the others wait queued without a worker slot", async () => {
    const limitedId = await createWorkflow(waitingGraph(0.3, { maxConcurrentRuns: 2 }));
    const runIds: string[] = [];
    for (let index = 0; index < 20; index++) runIds.push(await startByApi(limitedId, { index }));

    // The extra runs are visible as queued in the workflow's run list.
    const listed = (await (await stack.fetch(`/api/workflows/${limitedId}/runs?status=queued`)).json()) as {
      runs: { id: string; status: string }[];
    };
    expect(listed.runs.length).toBeGreaterThanOrEqual(10);
    expect(listed.runs.every((run) => run.status === "queued")).toBe(true);

    // They hold no worker slot: a run of another workflow starts and ends while they wait (4 slots, 18 queued).
    const otherId = await createWorkflow(waitingGraph(0));
    const other = await startByApi(otherId, "meanwhile");
    expect(await waitForRun(stack, other, 5_000)).toMatchObject({ status: "completed" });
    const [{ queued }] = await sql<{
      queued: number;
    }>`SELECT count(*)::int AS queued FROM "Run" WHERE "workflowId" = ${limitedId} AND status = 'queued'`;
    expect(queued).toBeGreaterThan(0);

    for (const runId of runIds) expect(await waitForRun(stack, runId, 60_000)).toMatchObject({ status: "completed" });
    const runs = await runTimes(limitedId);
    expect(runs).toHaveLength(20);
    expect(mostAtOnce(runs)).toBe(2);
    const startOrder = [...runs].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime()).map((run) => run.id);
    expect(startOrder).toEqual(runIds);
  }, 90_000);
});

describe("run priority", () => {
  it("starts a person's run before scheduled runs waiting for a worker (BullMQ priorities)", async () => {
    // Each run holds its slot 2 s: long enough that all nine are queued before the first ends, even on a busy machine
    // (with 1 s, a loaded CI machine once let a fifth scheduled run start before the person's was queued).
    const id = await createWorkflow(waitingGraph(2));
    // 4 worker slots: 4 scheduled runs take them, 4 more wait; then a person presses Run.
    const scheduled: string[] = [];
    for (let index = 0; index < 8; index++) {
      const started = await startRun(id, undefined, { kind: "schedule" });
      if (!started.ok) throw new Error(started.message);
      scheduled.push(started.runId);
    }
    const manual = await startRun(id, "by hand", { kind: "manual" });
    if (!manual.ok) throw new Error(manual.message);
    for (const runId of [...scheduled, manual.runId])
      expect(await waitForRun(stack, runId, 30_000)).toMatchObject({ status: "completed" });
    const order = (await runTimes(id))
      .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime())
      .map((run) => run.trigger.kind);
    expect(order).toEqual([
      "schedule",
      "schedule",
      "schedule",
      "schedule",
      "manual",
      "schedule",
      "schedule",
      "schedule",
      "schedule",
    ]);
  }, 60_000);

  it("starts a person's run first among the queued runs of a workflow at its limit", async () => {
    const id = await createWorkflow(waitingGraph(0.5, { maxConcurrentRuns: 1 }));
    const scheduled: string[] = [];
    for (let index = 0; index < 4; index++) {
      const started = await startRun(id, undefined, { kind: "schedule" });
      if (!started.ok) throw new Error(started.message);
      scheduled.push(started.runId);
    }
    await waitFor(
      "the first scheduled run to start",
      async () => (await runTimes(id)).some((run) => run.status === "running") || undefined,
      10_000,
    );
    const manual = await startRun(id, "by hand", { kind: "manual" });
    if (!manual.ok) throw new Error(manual.message);
    for (const runId of [...scheduled, manual.runId])
      expect(await waitForRun(stack, runId, 30_000)).toMatchObject({ status: "completed" });
    const runs = await runTimes(id);
    expect(mostAtOnce(runs)).toBe(1);
    const order = runs.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime()).map((run) => run.trigger.kind);
    expect(order).toEqual(["schedule", "manual", "schedule", "schedule", "schedule"]);
  }, 60_000);
});
