/** In the run history: a test run from the editor ("partial" when it ran part of the workflow) and what it ran. */
import type { RunSummary } from "@/lib/runs/list-runs";

const MODE_TEXT = { node: "one node", from: "from a node", upTo: "up to a node", all: "whole workflow" } as const;

export function TestRunMark({ test }: { test: NonNullable<RunSummary["test"]> }) {
  const ran = test.ranNodeIds.length;
  const pinned = test.pinnedNodeIds.length;
  const partial = test.mode !== "all";
  const title = [
    `Test run from the editor (${MODE_TEXT[test.mode]})`,
    `ran: ${test.ranNodeIds.join(", ") || "nothing"}`,
    pinned > 0 ? `pinned data used for: ${test.pinnedNodeIds.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("; ");
  return (
    <span className="run-table-test" data-testid="run-test-mark" data-partial={partial} title={title}>
      {partial ? "partial" : "test"} · ran {ran} node{ran === 1 ? "" : "s"}
      {pinned > 0 ? ` · ${pinned} pinned` : ""}
    </span>
  );
}
