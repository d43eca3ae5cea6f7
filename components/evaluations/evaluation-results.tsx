/**
 * One evaluation's rows: pass or fail, the input and output, each evaluator's verdict with its reason, tokens, cost
 * and time, and a link to the row's run.
 */
import Link from "next/link";
import type { ResultView } from "@/lib/evaluations/evaluations";
import { formatUsd } from "@/lib/settings/format-usd";
import { formatDuration } from "@/components/run-view/format-duration";
import { Badge } from "@/components/ui/badge";
import { preview } from "./format";
import "./evaluations.css";

export function VerdictBadge({ pass }: { pass: boolean | null }) {
  if (pass === null) return <Badge>pending</Badge>;
  return <Badge tone={pass ? "success" : "danger"}>{pass ? "pass" : "fail"}</Badge>;
}

export function EvaluationResults({ results }: { results: ResultView[] }) {
  return (
    <div className="table-card">
      <div className="table-head eval-result-row" aria-hidden>
        <span>Row</span>
        <span>Result</span>
        <span>Input → output</span>
        <span>Evaluators</span>
        <span>Tokens</span>
        <span>Cost</span>
        <span>Time</span>
        <span>Run</span>
      </div>
      <ul className="table-rows" data-testid="evaluation-results">
        {results.map((result) => (
          <li key={result.rowId} className="table-row eval-result-row" data-testid="evaluation-result">
            <span>{result.position}</span>
            <VerdictBadge pass={result.pass} />
            <span className="eval-scores">
              <span className="eval-mono" title={preview(result.input, 2000)}>
                {preview(result.input)}
              </span>
              <span className="eval-mono" title={preview(result.output, 2000)}>
                → {result.error ? result.error : preview(result.output)}
              </span>
            </span>
            <span className="eval-scores">
              {(result.scores ?? []).map((score) => (
                <span key={score.name} className={score.pass ? "eval-score-pass" : "eval-score-fail"}>
                  {score.pass ? "✓" : "✗"} <strong>{score.name}</strong>
                  {score.kind === "llmJudge" ? ` ${score.score.toFixed(2)}` : ""}: {score.reason}
                </span>
              ))}
            </span>
            <span>{result.totalTokens > 0 ? result.totalTokens.toLocaleString("en") : "—"}</span>
            <span>{result.costUsd > 0 ? formatUsd(result.costUsd) : "—"}</span>
            <span>{result.durationMs === null ? "—" : formatDuration(result.durationMs)}</span>
            <span>{result.runId ? <Link href={`/runs/${result.runId}`}>open</Link> : "—"}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
