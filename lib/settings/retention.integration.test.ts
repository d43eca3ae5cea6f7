/**
 * Run-history retention on the real database: old finished runs and runs beyond the newest N per workflow go (events
 * with them); running ones stay.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { sql, sqlCount } from "../db/sql";
import { graphNode, storeRun } from "../testing/fixtures";
import { cleanupRuns, getRetention, setRetention } from "./retention";

const runIds: string[] = [];
let workflowId = "";
beforeAll(async () => {
  for (let i = 0; i < 4; i++) {
    const stored = await storeRun(
      { nodes: [graphNode("entry", "core.entry")], edges: [] },
      { workflowId: workflowId || undefined },
    );
    workflowId = stored.workflowId;
    runIds.push(stored.runId);
  }
  // Oldest first: run 0 finished 40 days ago, runs 1–2 finished now, run 3 is still running.
  for (const [index, id] of runIds.entries()) {
    const ageDays = index === 0 ? 40 : 0;
    await sqlCount`UPDATE "Run" SET status = ${index === 3 ? "running" : "completed"}::"RunStatus", "createdAt" = now()
      - make_interval(days => ${ageDays}, secs => ${10 - index}),
      "finishedAt" = CASE WHEN ${index} = 3 THEN NULL ELSE now() - make_interval(days => ${ageDays}) END
        WHERE id = ${id}`;
    await sqlCount`INSERT INTO "RunEvent" ("runId", seq, type, payload)
      VALUES (${id}, 1, 'run.queued', '{}'::jsonb) ON CONFLICT DO NOTHING`;
  }
});
afterAll(async () => {
  await setRetention({ keepDays: null, keepRuns: null }); // other suites' workers run the hourly cleanup too
});

const left = async () =>
  (await sql<{ id: string }>`SELECT id FROM "Run" WHERE "workflowId" = ${workflowId} ORDER BY "createdAt"`).map(
    (row) => row.id,
  );

it("keeps everything by default, and stores what an admin sets", async () => {
  expect(await getRetention()).toEqual({ keepDays: null, keepRuns: null });
  await cleanupRuns(await getRetention());
  expect(await left()).toEqual(runIds);
  await setRetention({ keepDays: 7, keepRuns: 100 });
  expect(await getRetention()).toEqual({ keepDays: 7, keepRuns: 100 });
  await setRetention({ keepDays: null, keepRuns: null });
});

it("deletes finished runs older than the days kept, with their events", async () => {
  expect(await cleanupRuns({ keepDays: 30, keepRuns: null })).toBeGreaterThanOrEqual(1);
  expect(await left()).toEqual(runIds.slice(1));
  expect((await sql<{ count: number }>`SELECT count(*) FROM "RunEvent" WHERE "runId" = ${runIds[0]}`)[0].count).toBe(0);
});

it("keeps only the newest finished runs of each workflow, never a running one", async () => {
  await cleanupRuns({ keepDays: null, keepRuns: 1 });
  expect(await left()).toEqual([runIds[2], runIds[3]]);
});
