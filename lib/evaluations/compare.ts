/**
 * Two evaluations side by side, row by row (rows matched by their dataset row): which rows changed from pass to
 * fail or back, which evaluators' verdicts changed, and the figures of both. Rows only one of them ran are listed as
 * added or removed. Pure.
 */
import type { Score } from "./evaluators/kinds";
import type { EvaluationSummary } from "./summary";

export type ComparedSide = {
  rowId: string;
  position: number;
  pass: boolean | null;
  scores: Score[] | null;
  runId: string | null;
  totalTokens: number;
  costUsd: number;
  durationMs: number | null;
};

export type RowChange = "fixed" | "broken" | "same" | "added" | "removed";

export type ComparedRow = {
  rowId: string;
  position: number;
  change: RowChange;
  /** Evaluators whose pass or score differs: name, before and after. */
  scoreChanges: { name: string; before: Score | null; after: Score | null }[];
  before: ComparedSide | null;
  after: ComparedSide | null;
};

export type Comparison = {
  before: { id: string; summary: EvaluationSummary | null };
  after: { id: string; summary: EvaluationSummary | null };
  rows: ComparedRow[];
  /** How many rows each kind of change has. */
  changes: Record<RowChange, number>;
};

function changeOf(before: ComparedSide | null, after: ComparedSide | null): RowChange {
  if (!before) return "added";
  if (!after) return "removed";
  if (before.pass === after.pass) return "same";
  return after.pass ? "fixed" : "broken";
}

function scoreChanges(before: ComparedSide | null, after: ComparedSide | null): ComparedRow["scoreChanges"] {
  const names = new Set([...(before?.scores ?? []), ...(after?.scores ?? [])].map((score) => score.name));
  return [...names].flatMap((name) => {
    const was = before?.scores?.find((score) => score.name === name) ?? null;
    const now = after?.scores?.find((score) => score.name === name) ?? null;
    return was?.pass === now?.pass && was?.score === now?.score ? [] : [{ name, before: was, after: now }];
  });
}

export function compareRows(before: ComparedSide[], after: ComparedSide[]): Pick<Comparison, "rows" | "changes"> {
  const afterById = new Map(after.map((side) => [side.rowId, side]));
  const beforeIds = new Set(before.map((side) => side.rowId));
  const pairs = [
    ...before.map((side) => [side, afterById.get(side.rowId) ?? null] as const),
    ...after.filter((side) => !beforeIds.has(side.rowId)).map((side) => [null, side] as const),
  ];
  const rows = pairs
    .map(([was, now]) => ({
      rowId: (was ?? now)!.rowId,
      position: (now ?? was)!.position,
      change: changeOf(was, now),
      scoreChanges: scoreChanges(was, now),
      before: was,
      after: now,
    }))
    .sort((a, b) => a.position - b.position);
  const changes = { fixed: 0, broken: 0, same: 0, added: 0, removed: 0 };
  for (const row of rows) changes[row.change] += 1;
  return { rows, changes };
}
