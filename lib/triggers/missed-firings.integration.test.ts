/**
 * Missed firings, with the real worker, Redis and PostgreSQL: a schedule's BullMQ scheduler is lost
 * while no worker reconciles (here: removed from Redis, the keeper set to reconcile only at start),
 * then a worker reconciles (reconcileSchedules, what the keeper runs). `catchUpOnce` starts exactly
 * one run for the whole gap, `skip` none; both note the gap in PostgreSQL, and the schedule fires
 * again afterwards without a second catch-up.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "../db/sql";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";
import { deleteWorkflow, getWorkflow, updateWorkflow } from "../workflow-store/repository";
import { publishWorkflow } from "../workflow-store/versions";
import { reconcileSchedules } from "./reconcile-schedules";
import { triggersQueue } from "./schedules";

let stack: TestStack;
// Firing every second keeps the test short: the floor on schedule intervals (SWITCHBOARD_MIN_SCHEDULE_SECONDS) is the
// operator's to lower.
const floor = process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS;
beforeAll(async () => {
  process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS = "0";
  stack = await startTestStack({ schedules: { intervalMs: 10 * 60_000 } });
});
afterAll(async () => {
  await stack.close();
  if (floor === undefined) delete process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS;
  else process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS = floor;
});

async function createScheduled(missedFirings: "skip" | "catchUpOnce"): Promise<string> {
  const graph = {
    name: `every second, ${missedFirings}`,
    publish: true,
    nodes: [
      graphNode("tick", "trigger.schedule", {
        label: "Tick",
        params: { cron: "* * * * * *", timezone: "UTC", input: { missedFirings }, missedFirings },
      }),
      graphNode("out", "core.output", { label: "Out" }),
    ],
    edges: [graphEdge("tick", "output", "out", "value")],
  };
  const response = await stack.fetch("/api/workflows", { method: "POST", body: JSON.stringify(graph) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const runsMade = (workflowId: string, after: Date, until: Date) =>
  sql<{
    id: string;
  }>`SELECT id FROM "Run" WHERE "workflowId" = ${workflowId} AND "createdAt" > ${after.toISOString()}::timestamp
    AND "createdAt" <= ${until.toISOString()}::timestamp`;

type Miss = { count: number; policy: string; catchUpRunId: string | null; firstMissedAt: Date; lastMissedAt: Date };
const missesOf = (workflowId: string) =>
  sql<Miss>`SELECT count, policy, "catchUpRunId", "firstMissedAt", "lastMissedAt" FROM "ScheduleMiss"
    WHERE "workflowId" = ${workflowId} ORDER BY id`;

/** Fires once, loses its scheduler for 3.5 s, then a worker reconciles; answers what happened in the gap. */
async function loseAndReconcile(workflowId: string) {
  await waitFor(
    "a first firing",
    async () =>
      (await sql`SELECT 1 FROM "ScheduleState" WHERE "workflowId" = ${workflowId} AND "lastRunId" IS NOT NULL`)[0],
    10_000,
  );
  await triggersQueue().removeJobScheduler(`wf:${workflowId}:tick`);
  const lostAt = new Date();
  // A firing already taken from the scheduler still starts its run (late, on a busy machine); the gap begins once none
  // is left.
  await waitFor(
    "firings on their way to land",
    async () => {
      const counts = await triggersQueue().getJobCounts("wait", "active", "prioritized");
      return Object.values(counts).every((count) => count === 0) || undefined;
    },
    10_000,
  );
  const settledAt = new Date();
  await sleep(3_500);
  const report = await reconcileSchedules({ graceMs: 500, log: () => undefined });
  const reconciledAt = new Date();
  const inGap = await runsMade(workflowId, settledAt, reconciledAt);
  return { report, lostAt, reconciledAt, inGap };
}

/** The schedule fires on its own again after the reconcile. */
const firesAgain = (workflowId: string, after: Date) =>
  waitFor(
    "the schedule to fire again",
    async () =>
      (
        await sql`SELECT 1 FROM "Run" WHERE "workflowId" = ${workflowId}
          AND "createdAt" > ${after.toISOString()}::timestamp AND trigger->>'kind' = 'schedule'`
      )[0],
    10_000,
  );

describe("missed firings", () => {
  it("catchUpOnce: one run makes up for the whole gap, noted with the firings it missed", async () => {
    const id = await createScheduled("catchUpOnce");
    const { report, inGap, lostAt } = await loseAndReconcile(id);
    expect(report.armed).toContain(`wf:${id}:tick`);
    expect(report.missed).toBeGreaterThanOrEqual(2);
    const [miss] = await missesOf(id);
    expect(miss).toMatchObject({ policy: "catchUpOnce", catchUpRunId: expect.any(String) });
    expect(miss.count).toBeGreaterThanOrEqual(2);
    expect(miss.firstMissedAt.getTime()).toBeGreaterThan(lostAt.getTime() - 5_000);
    expect(inGap.map((run) => run.id)).toEqual([miss.catchUpRunId]);
    const [catchUp] = await sql<{
      trigger: unknown;
      input: unknown;
    }>`SELECT trigger, input FROM "Run" WHERE id = ${miss.catchUpRunId}`;
    expect(catchUp).toEqual({ trigger: { kind: "schedule", nodeId: "tick" }, input: { missedFirings: "catchUpOnce" } });

    await firesAgain(id, new Date());
    const misses = await missesOf(id);
    expect(misses).toHaveLength(1); // the firings between the reconcile and the next firing joined the same gap
    expect(misses[0].catchUpRunId).toBe(miss.catchUpRunId);
    await deleteWorkflow(id); // its schedule would fire through the next test
  }, 40_000);

  it("skip: no run for the gap, but the gap is noted", async () => {
    const id = await createScheduled("skip");
    const { report, inGap } = await loseAndReconcile(id);
    expect(report.missed).toBeGreaterThanOrEqual(2);
    expect(inGap).toEqual([]);
    const [miss] = await missesOf(id);
    expect(miss).toMatchObject({ policy: "skip", catchUpRunId: null });
    expect(miss.count).toBeGreaterThanOrEqual(2);
    await firesAgain(id, new Date());
    expect(await missesOf(id)).toHaveLength(1);

    // What the Schedule node's inspector shows, through the API.
    const response = await stack.fetch(`/api/workflows/${id}/schedules`);
    const { schedules } = (await response.json()) as { schedules: Record<string, unknown>[] };
    expect(schedules).toEqual([
      expect.objectContaining({
        nodeId: "tick",
        armed: true,
        nextFireAt: expect.any(String),
        lastFiredAt: expect.any(String),
        lastRunId: expect.any(String),
      }),
    ]);
    expect(schedules[0].misses).toEqual([
      expect.objectContaining({ policy: "skip", catchUpRunId: null, count: expect.any(Number) }),
    ]);
    expect(Date.parse(schedules[0].nextFireAt as string)).toBeGreaterThan(Date.now() - 2_000);
    await deleteWorkflow(id);
  }, 40_000);

  it("forgets a disabled schedule's record, so time spent disabled is never counted as missed", async () => {
    const id = await createScheduled("catchUpOnce");
    await waitFor(
      "a first firing",
      async () => (await sql`SELECT 1 FROM "ScheduleState" WHERE "workflowId" = ${id} AND "lastRunId" IS NOT NULL`)[0],
      10_000,
    );
    const workflow = (await getWorkflow(id))!;
    const withEnabled = (enabled: boolean) => ({
      ...workflow.graph,
      nodes: workflow.graph.nodes.map((node) =>
        node.id === "tick" ? { ...node, data: { ...node.data, params: { ...node.data.params, enabled } } } : node,
      ),
    });
    await updateWorkflow(id, { graph: withEnabled(false) });
    await publishWorkflow(id, "disabled", null);
    await reconcileSchedules({ graceMs: 500, log: () => undefined });
    expect(await sql`SELECT 1 FROM "ScheduleState" WHERE "workflowId" = ${id}`).toEqual([]);
    await sleep(2_500);
    const enabledAt = new Date();
    await updateWorkflow(id, { graph: withEnabled(true) });
    await publishWorkflow(id, "enabled", null);
    await firesAgain(id, enabledAt);
    await reconcileSchedules({ graceMs: 500, log: () => undefined });
    expect(await missesOf(id)).toEqual([]);
    await deleteWorkflow(id);
  }, 40_000);
});
