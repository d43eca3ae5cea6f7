/**
 * The run path's statements that reach runs by id stay on the primary key in the plan PostgreSQL caches for them. A
 * named statement is planned generically after a few calls, without its parameters' values, and a run joined only
 * through a CTE or a JSON batch was hash-joined against a sequential scan of every run: a claim cost ~1 ms and 270
 * buffers at 1,000 runs, and a batch of events ~60 ms with 1,000 runs waiting. For a handful of rows a sequential scan
 * is right, so the batch is planned with a server's history in the Run table (5,000 finished runs, analyzed).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeRun } from "../testing/fixtures";
import { forgetServerHistory, giveServerHistory } from "../testing/server-history";
import { sequentialScansOf } from "../testing/generic-plan";
import { storeEvents } from "./event-store";
import { claimRun, renewLeases } from "./run-lease";

const scansOfRun = (scans: Record<string, string[]>) =>
  Object.entries(scans).filter(([, tables]) => tables.includes("Run"));

it("claims a run through the primary key, never a sequential scan of Run, in the generic plan", async () => {
  const { runId } = await storeRun({ nodes: [], edges: [] });
  expect(scansOfRun(await sequentialScansOf(() => claimRun(runId, "worker-a")))).toEqual([]);
  const gated = await storeRun({ nodes: [], edges: [] });
  const gatedClaim = () => claimRun(gated.runId, "worker-a", { gateLocked: true });
  expect(scansOfRun(await sequentialScansOf(gatedClaim))).toEqual([]);
});

describe("with a server's history", () => {
  beforeAll(async () => {
    const { workflowId } = await storeRun({ nodes: [], edges: [] });
    await giveServerHistory(workflowId, 5_000);
  });
  afterAll(() => forgetServerHistory());

  it("stores a batch of events and renews leases through the primary key in their generic plans", async () => {
    const runs = await Promise.all([1, 2, 3].map(() => storeRun({ nodes: [], edges: [] })));
    const runIds = runs.map((run) => run.runId);
    for (const runId of runIds) await claimRun(runId, "worker-a");
    const log = { type: "log" as const, payload: { level: "info" as const, message: "hello" } };
    const stored = () => Promise.all(runIds.map((runId) => storeEvents(runId, [log], true)));
    expect(scansOfRun(await sequentialScansOf(stored))).toEqual([]);
    expect(scansOfRun(await sequentialScansOf(() => renewLeases("worker-a", runIds)))).toEqual([]);
  });
});
