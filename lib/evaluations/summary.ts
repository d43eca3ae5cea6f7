/**
 * An evaluation's figures from its rows: pass rate, rows passed and failed (and whose run did not complete), each
 * evaluator's pass count and mean score, tokens, cost and latency (mean and p95). Pure.
 */
import type { Score } from "./evaluators/kinds";

export type ResultFigures = {
  pass: boolean | null;
  scores: Score[] | null;
  totalTokens: number;
  costUsd: number;
  durationMs: number | null;
  runStatus: string | null;
};

export type EvaluationSummary = {
  rows: number;
  passed: number;
  failed: number;
  /** Rows whose run did not complete (failed, cancelled, did not start or end). */
  runsNotCompleted: number;
  passRate: number;
  evaluators: { name: string; kind: string; passed: number; meanScore: number }[];
  totalTokens: number;
  costUsd: number;
  meanDurationMs: number | null;
  p95DurationMs: number | null;
};

/** The nearest-rank percentile of sorted numbers. */
export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function perEvaluator(results: ResultFigures[]): EvaluationSummary["evaluators"] {
  const byName = new Map<string, { name: string; kind: string; passed: number; total: number; sum: number }>();
  for (const score of results.flatMap((result) => result.scores ?? [])) {
    const entry = byName.get(score.name) ?? { name: score.name, kind: score.kind, passed: 0, total: 0, sum: 0 };
    entry.passed += score.pass ? 1 : 0;
    entry.total += 1;
    entry.sum += score.score;
    byName.set(score.name, entry);
  }
  return [...byName.values()].map(({ name, kind, passed, total, sum }) => ({
    name,
    kind,
    passed,
    meanScore: total === 0 ? 0 : sum / total,
  }));
}

export function summarize(results: ResultFigures[]): EvaluationSummary {
  const passed = results.filter((result) => result.pass === true).length;
  const durations = results.flatMap((result) => (result.durationMs === null ? [] : [result.durationMs]));
  durations.sort((a, b) => a - b);
  return {
    rows: results.length,
    passed,
    failed: results.length - passed,
    runsNotCompleted: results.filter((result) => result.runStatus !== "completed").length,
    passRate: results.length === 0 ? 0 : passed / results.length,
    evaluators: perEvaluator(results),
    totalTokens: results.reduce((sum, result) => sum + result.totalTokens, 0),
    costUsd: results.reduce((sum, result) => sum + result.costUsd, 0),
    meanDurationMs: durations.length === 0 ? null : durations.reduce((a, b) => a + b, 0) / durations.length,
    p95DurationMs: percentile(durations, 95),
  };
}
