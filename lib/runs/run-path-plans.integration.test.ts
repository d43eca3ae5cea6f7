/**
 * The run path's statements stay on the primary key in the plan PostgreSQL caches for them. A named statement is
 * planned generically after a few calls, without its parameters' values: a claim joined to its locked row only through
 * a CTE was once hash-joined against a sequential scan of every run, ~1 ms and 270 buffers a claim at 1,000 runs,
 * growing with the table.
 */
import { expect, it } from "vitest";
import { storeRun } from "../testing/fixtures";
import { sequentialScansOf } from "../testing/generic-plan";
import { claimRun } from "./run-lease";

it("claims a run through the primary key, never a sequential scan of Run, in the generic plan", async () => {
  const { runId } = await storeRun({ nodes: [], edges: [] });
  for (const gateLocked of [false, true])
    expect(await sequentialScansOf((query) => claimRun(runId, "worker-a", { query, gateLocked }))).not.toContain("Run");
});
