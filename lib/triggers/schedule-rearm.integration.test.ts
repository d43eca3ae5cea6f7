/**
 * Schedules cannot vanish: with the real worker, Redis and PostgreSQL, flushing the Redis db (as a
 * Redis without persistence does on restart) takes every BullMQ job scheduler with it, and the
 * workers' schedule keeper arms them again from PostgreSQL; the schedule fires again. The keeper
 * reconciles every second here (SWITCHBOARD_SCHEDULE_RECONCILE_MS is 30 s in production).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "../db/sql";
import { createRedis } from "../queue/redis";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";
import { deleteWorkflow } from "../workflow-store/repository";
import { triggersQueue } from "./schedules";

let stack: TestStack;
// Firing every second keeps the test short: the floor on schedule intervals (SWITCHBOARD_MIN_SCHEDULE_SECONDS) is the
// operator's to lower.
const floor = process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS;
beforeAll(async () => {
  process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS = "0";
  stack = await startTestStack({ schedules: { intervalMs: 1_000, graceMs: 1_000 } });
});
afterAll(async () => {
  await stack.close();
  if (floor === undefined) delete process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS;
  else process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS = floor;
});

const everySecond = {
  name: "every second",
  nodes: [
    graphNode("tick", "trigger.schedule", {
      label: "Tick",
      params: { cron: "* * * * * *", timezone: "UTC", input: { report: "tick" } },
    }),
    graphNode("out", "core.output", { label: "Out" }),
  ],
  edges: [graphEdge("tick", "output", "out", "value")],
};

const scheduledRunSince = (workflowId: string, since: Date) =>
  waitFor(
    `a scheduled run of ${workflowId} made after ${since.toISOString()} to complete`,
    async () => {
      const [row] = await sql<{ id: string; output: unknown }>`
      SELECT id, output FROM "Run" WHERE "workflowId" = ${workflowId} AND status = 'completed'
        AND "createdAt" > ${since.toISOString()}::timestamp
        AND trigger->>'kind' = 'schedule' LIMIT 1`;
      return row;
    },
    15_000,
  );

describe("schedule keeper", () => {
  it("arms every schedule again after Redis is flushed, and the schedule fires again", async () => {
    const response = await stack.fetch("/api/workflows", {
      method: "POST",
      body: JSON.stringify({ ...everySecond, publish: true }),
    });
    const { id } = (await response.json()) as { id: string };
    await scheduledRunSince(id, new Date(0));

    const redis = createRedis();
    await redis.flushdb();
    redis.disconnect();
    const flushedAt = new Date();
    const run = await scheduledRunSince(id, flushedAt);
    const tookMs = Date.now() - flushedAt.getTime();
    console.log(`schedule fired again ${tookMs} ms after the flush`);
    expect(run.output).toEqual({ report: "tick" });
    expect(tookMs).toBeLessThan(10_000);
    // Other suites' schedules share the database, so they come back too: this one and the hourly cleanup must be among
    // them.
    const schedulers = (await triggersQueue().getJobSchedulers(0, -1)).map((scheduler) => scheduler.key);
    expect(schedulers).toEqual(expect.arrayContaining(["retention-cleanup", `wf:${id}:tick`]));
    // PostgreSQL knows when it last fired.
    const [state] = await sql<{
      lastFiredAt: Date;
      lastRunId: string;
    }>`SELECT "lastFiredAt", "lastRunId" FROM "ScheduleState" WHERE "workflowId" = ${id}`;
    expect(state.lastFiredAt.getTime()).toBeGreaterThan(flushedAt.getTime() - 1_000);
    expect(state.lastRunId).toEqual(expect.any(String));
    await deleteWorkflow(id); // other suites share the database and Redis
  }, 40_000);
});
