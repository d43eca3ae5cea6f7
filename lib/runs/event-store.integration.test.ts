/**
 * Batches of many runs share statements and still get each run's seqs dense and in order; a batch that cannot be
 * stored (its run ended, or never existed) is answered alone while the others in its statement are stored; statements
 * of many runs' events and lease renewals of the same runs, racing, never wait on each other in a cycle.
 */
import { expect, it } from "vitest";
import { sql } from "../db/sql";
import { storeRun } from "../testing/fixtures";
import { storeEvents } from "./event-store";
import type { RunEventInput } from "./events";
import { renewLeases } from "./run-lease";

const log = (message: string): RunEventInput => ({ type: "log", payload: { level: "info", message } });

it("stores batches of 40 runs recorded at once in shared statements, each run's seqs dense and in order", async () => {
  const { workflowId } = await storeRun({ nodes: [], edges: [] });
  const runIds = await Promise.all(
    Array.from({ length: 40 }, async () => (await storeRun({ nodes: [], edges: [] }, { workflowId })).runId),
  );
  const first = runIds.map((runId) => storeEvents(runId, [log("a"), log("b")], false));
  const second = runIds.map((runId) => storeEvents(runId, [log("c")], false));
  const answers = await Promise.all([...first, ...second]);

  expect(answers.slice(0, 40).map((rows) => rows!.map((row) => row.seq))).toEqual(runIds.map(() => [1, 2]));
  expect(answers.slice(40).map((rows) => rows!.map((row) => row.seq))).toEqual(runIds.map(() => [3]));
  const stored = await sql<{ runId: string; seq: number; message: string; createdAt: Date }>`
    SELECT "runId", seq, payload->>'message' AS message, "createdAt" FROM "RunEvent" WHERE "runId" = ANY(${runIds})
    ORDER BY "runId", seq`;
  const messages = (runId: string) => stored.filter((row) => row.runId === runId).map((row) => row.message);
  for (const runId of runIds) expect(messages(runId)).toEqual(["a", "b", "c"]);
  // One statement is one transaction, whose rows share its start time: 80 batches took far fewer than 80.
  const statements = new Set(stored.map((row) => row.createdAt.getTime())).size;
  expect(statements).toBeLessThanOrEqual(10);
  const [{ lastSeqs }] = await sql<{ lastSeqs: number[] }>`
    SELECT array_agg(DISTINCT "lastSeq") AS "lastSeqs" FROM "Run" WHERE id = ANY(${runIds})`;
  expect(lastSeqs).toEqual([3]);
});

it("answers an ended run's batch with null and a missing run's with an error, and stores the rest beside them", async () => {
  const ended = await storeRun({ nodes: [], edges: [] });
  await sql`UPDATE "Run" SET status = 'completed' WHERE id = ${ended.runId}`;
  const live = await storeRun({ nodes: [], edges: [] }, { workflowId: ended.workflowId });

  const [whileRunning, anyway, missing, stored] = await Promise.allSettled([
    storeEvents(ended.runId, [log("late")], true),
    storeEvents(ended.runId, [log("kept")], false),
    storeEvents("no-such-run", [log("lost")], false),
    storeEvents(live.runId, [log("live"), log("live again")], true),
  ]);
  expect(whileRunning).toEqual({ status: "fulfilled", value: null });
  expect(anyway.status === "fulfilled" && anyway.value?.map((row) => row.seq)).toEqual([1]);
  expect(missing.status === "rejected" && String(missing.reason)).toContain("Run no-such-run does not exist");
  expect(stored.status === "fulfilled" && stored.value?.map((row) => row.seq)).toEqual([1, 2]);
});

it("writes many runs' events while their leases are renewed in every order, with no statement failing", async () => {
  const { workflowId } = await storeRun({ nodes: [], edges: [] });
  const runIds = await Promise.all(
    Array.from({ length: 30 }, async () => (await storeRun({ nodes: [], edges: [] }, { workflowId })).runId),
  );
  await sql`UPDATE "Run" SET "leaseOwner" = 'racing-worker', "leaseUntil" = now() WHERE id = ANY(${runIds})`;
  const shuffled = () => [...runIds].sort(() => Math.random() - 0.5);
  for (let round = 0; round < 20; round++) {
    const renewals = Array.from({ length: 3 }, () => renewLeases("racing-worker", shuffled()));
    const writes = shuffled().map((runId) => storeEvents(runId, [log(`round ${round}`)], true));
    const [kept] = await Promise.all([Promise.all(renewals), Promise.all(writes)]);
    expect(kept.map((answer) => answer.kept.size)).toEqual([30, 30, 30]);
  }
  const [{ lastSeqs }] = await sql<{ lastSeqs: number[] }>`
    SELECT array_agg(DISTINCT "lastSeq") AS "lastSeqs" FROM "Run" WHERE id = ANY(${runIds})`;
  expect(lastSeqs).toEqual([20]);
});
