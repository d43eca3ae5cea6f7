/** An evaluation's figures at a glance: pass rate, rows passed, tokens, cost, mean and p95 time. */
import type { EvaluationSummary } from "@/lib/evaluations/summary";
import { formatDuration } from "@/components/run-view/format-duration";
import { formatUsd } from "@/lib/settings/format-usd";
import { percent } from "./format";
import "./evaluations.css";

export function EvaluationFigures({ summary }: { summary: EvaluationSummary }) {
  const figures: [string, string][] = [
    ["Pass rate", percent(summary.passRate)],
    ["Rows passed", `${summary.passed} / ${summary.rows}`],
    ["Runs not completed", String(summary.runsNotCompleted)],
    ["Tokens", summary.totalTokens.toLocaleString("en")],
    ["Cost", summary.costUsd > 0 ? formatUsd(summary.costUsd) : "—"],
    ["Mean time", summary.meanDurationMs === null ? "—" : formatDuration(Math.round(summary.meanDurationMs))],
    ["p95 time", summary.p95DurationMs === null ? "—" : formatDuration(summary.p95DurationMs)],
  ];
  return (
    <div className="eval-summary" data-testid="evaluation-summary">
      {figures.map(([label, value]) => (
        <div key={label} className="eval-figure">
          <div className="eval-figure-label">{label}</div>
          <div className="eval-figure-value">{value}</div>
        </div>
      ))}
    </div>
  );
}
