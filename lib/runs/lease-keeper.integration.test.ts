/**
 * The lease keeper's heartbeat renews every held run, in statements of RENEWAL_SLICE runs so no statement holds
 * thousands of rows' locks (event statements of the same runs wait for them), and stops a run another worker took.
 */
import { expect, it } from "vitest";
import { sql } from "../db/sql";
import { storeRun } from "../testing/fixtures";
import { LeaseKeeper, RENEWAL_SLICE } from "./lease-keeper";
import type { RunStop } from "./run-stop";

it("renews 250 held runs in slices, each its own statement, and stops the one taken over", async () => {
  const { workflowId } = await storeRun({ nodes: [], edges: [] });
  const runIds = await Promise.all(
    Array.from(
      { length: 2.5 * RENEWAL_SLICE },
      async () => (await storeRun({ nodes: [], edges: [] }, { workflowId })).runId,
    ),
  );
  await sql`UPDATE "Run" SET status = 'running', "leaseOwner" = 'keeper-a', "leaseUntil" = now() + interval '1 second'
    WHERE id = ANY(${runIds})`;
  const [taken, ...kept] = runIds;
  await sql`UPDATE "Run" SET "leaseOwner" = 'keeper-b' WHERE id = ${taken}`;
  const stopped: RunStop[] = [];
  const keeper = new LeaseKeeper("keeper-a", () => undefined);
  try {
    for (const runId of runIds)
      keeper.hold(runId, { stop: (reason) => stopped.push(reason), cancelDue: () => undefined });
    await keeper.renew();
  } finally {
    keeper.close();
  }

  expect(stopped.map((reason) => reason.message)).toEqual([`Run ${taken} is now owned by another worker`]);
  const rows = await sql<{ id: string; renewed: boolean; at: Date }>`
    SELECT id, "leaseUntil" > now() + interval '10 seconds' AS renewed, "leaseUntil" AS at FROM "Run"
    WHERE id = ANY(${kept})`;
  expect(rows.filter((row) => row.renewed)).toHaveLength(kept.length);
  // now() is a statement's transaction start, so each statement gave its runs one lease time: three slices, three.
  expect(new Set(rows.map((row) => row.at.getTime())).size).toBe(3);
});
