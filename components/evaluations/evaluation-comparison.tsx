/** Two evaluations side by side: both figures, then each row's change and the verdicts that changed. */
import Link from "next/link";
import type { Comparison } from "@/lib/evaluations/compare";
import { Badge } from "@/components/ui/badge";
import { percent } from "./format";
import { VerdictBadge } from "./evaluation-results";
import "./evaluations.css";

const CHANGE_TONE = {
  fixed: "success",
  broken: "danger",
  same: "neutral",
  added: "accent",
  removed: "accent",
} as const;

export function EvaluationComparison({ comparison }: { comparison: Comparison }) {
  const rate = (side: Comparison["before"]) => (side.summary ? percent(side.summary.passRate) : "—");
  const figures: [string, string][] = [
    ["Pass rate", `${rate(comparison.before)} → ${rate(comparison.after)}`],
    ["Fixed", String(comparison.changes.fixed)],
    ["Broken", String(comparison.changes.broken)],
    ["Unchanged", String(comparison.changes.same)],
    ["Tokens", `${comparison.before.summary?.totalTokens ?? 0} → ${comparison.after.summary?.totalTokens ?? 0}`],
  ];
  return (
    <>
      <div className="eval-summary" data-testid="comparison-summary">
        {figures.map(([label, value]) => (
          <div key={label} className="eval-figure">
            <div className="eval-figure-label">{label}</div>
            <div className="eval-figure-value">{value}</div>
          </div>
        ))}
      </div>
      <div className="table-card">
        <div className="table-head eval-compare-row" aria-hidden>
          <span>Row</span>
          <span>Change</span>
          <span>Before</span>
          <span>After</span>
          <span>What changed</span>
          <span>Before</span>
          <span>After</span>
        </div>
        <ul className="table-rows" data-testid="comparison-rows">
          {comparison.rows.map((row) => (
            <li
              key={row.rowId}
              className="table-row eval-compare-row"
              data-testid="comparison-row"
              data-change={row.change}
            >
              <span>{row.position}</span>
              <Badge tone={CHANGE_TONE[row.change]}>{row.change}</Badge>
              <VerdictBadge pass={row.before?.pass ?? null} />
              <VerdictBadge pass={row.after?.pass ?? null} />
              <span className="eval-scores">
                {row.scoreChanges.map((change) => (
                  <span key={change.name} className={change.after?.pass ? "eval-score-pass" : "eval-score-fail"}>
                    <strong>{change.name}</strong>: {change.after?.reason ?? "not run"}
                  </span>
                ))}
              </span>
              <span>{row.before?.runId ? <Link href={`/runs/${row.before.runId}`}>run</Link> : "—"}</span>
              <span>{row.after?.runId ? <Link href={`/runs/${row.after.runId}`}>run</Link> : "—"}</span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
