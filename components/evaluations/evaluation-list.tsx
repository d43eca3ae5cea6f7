/** A workflow's evaluations, newest first: when, which dataset and graph, status and pass rate; each opens its rows. */
import { ChevronRight } from "lucide-react";
import Link from "next/link";
import type { EvaluationView } from "@/lib/evaluations/evaluations";
import { formatUsd } from "@/lib/settings/format-usd";
import { Badge } from "@/components/ui/badge";
import { percent, sourceText } from "./format";
import "./evaluations.css";

export function EvaluationList({ workflowId, evaluations }: { workflowId: string; evaluations: EvaluationView[] }) {
  if (evaluations.length === 0)
    return <p className="eval-empty">No evaluations yet: start one above, with the API or with `npm run eval`.</p>;
  return (
    <div className="table-card">
      <div className="table-head eval-list-row" aria-hidden>
        <span>Evaluation</span>
        <span>Ran</span>
        <span>Status</span>
        <span>Pass rate</span>
        <span>Cost</span>
        <span />
      </div>
      <ul className="table-rows" data-testid="evaluation-list">
        {evaluations.map((evaluation) => (
          <li key={evaluation.id}>
            <Link
              href={`/workflows/${workflowId}/evaluations/${evaluation.id}`}
              className="table-row eval-list-row"
              data-testid="evaluation-row"
            >
              <span>
                {evaluation.datasetName} · {new Date(evaluation.createdAt).toLocaleString("en")}
              </span>
              <span>{sourceText(evaluation.version)}</span>
              <span>
                <Badge tone={evaluation.status === "failed" ? "danger" : "neutral"}>{evaluation.status}</Badge>
              </span>
              <span>{evaluation.summary ? percent(evaluation.summary.passRate) : "—"}</span>
              <span>{evaluation.summary?.costUsd ? formatUsd(evaluation.summary.costUsd) : "—"}</span>
              <ChevronRight size={16} className="table-row-chevron" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
