/** The summary of an evaluation's rows, and two evaluations compared row by row. */
import { describe, expect, it } from "vitest";
import { compareRows, type ComparedSide } from "./compare";
import type { Score } from "./evaluators/kinds";
import { percentile, summarize } from "./summary";

const score = (name: string, pass: boolean, value = pass ? 1 : 0): Score => ({
  name,
  kind: "contains",
  score: value,
  pass,
  reason: pass ? "ok" : "missing",
});
const side = (rowId: string, position: number, pass: boolean, scores = [score("a", pass)]): ComparedSide => ({
  rowId,
  position,
  pass,
  scores,
  runId: `run-${rowId}`,
  totalTokens: 10,
  costUsd: 0.5,
  durationMs: position * 100,
});

describe("summarize", () => {
  it("counts passes, runs that did not complete, each evaluator, tokens, cost and time", () => {
    const results = [side("r1", 1, true), side("r2", 2, false), side("r3", 3, true)].map((result, index) => ({
      ...result,
      runStatus: index === 1 ? "failed" : "completed",
    }));
    expect(summarize(results)).toEqual({
      rows: 3,
      passed: 2,
      failed: 1,
      runsNotCompleted: 1,
      passRate: 2 / 3,
      evaluators: [{ name: "a", kind: "contains", passed: 2, meanScore: 2 / 3 }],
      totalTokens: 30,
      costUsd: 1.5,
      meanDurationMs: 200,
      p95DurationMs: 300,
    });
    expect(summarize([])).toMatchObject({ rows: 0, passRate: 0, meanDurationMs: null, p95DurationMs: null });
  });

  it("takes the nearest-rank percentile", () => {
    const sorted = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(sorted, 95)).toBe(19);
    expect(percentile(sorted, 50)).toBe(10);
    expect(percentile([], 95)).toBeNull();
  });
});

describe("compareRows", () => {
  it("names rows fixed, broken, unchanged, added and removed, and the verdicts that changed", () => {
    const before = [side("r1", 1, true), side("r2", 2, false), side("r3", 3, true), side("gone", 4, true)];
    const after = [
      side("r1", 1, false),
      side("r2", 2, true),
      side("r3", 3, true, [score("a", true, 0.8)]),
      side("new", 5, true),
    ];
    const { rows, changes } = compareRows(before, after);
    expect(rows.map((row) => [row.position, row.change])).toEqual([
      [1, "broken"],
      [2, "fixed"],
      [3, "same"],
      [4, "removed"],
      [5, "added"],
    ]);
    expect(changes).toEqual({ fixed: 1, broken: 1, same: 1, added: 1, removed: 1 });
    expect(rows[0].scoreChanges).toEqual([{ name: "a", before: score("a", true), after: score("a", false) }]);
    // Same verdict, another score: listed as a score change on an unchanged row.
    expect(rows[2].scoreChanges).toEqual([{ name: "a", before: score("a", true), after: score("a", true, 0.8) }]);
  });
});
