/** A workflow's datasets: name, row count and what each checks; each opens to its rows. */
import { ChevronRight } from "lucide-react";
import Link from "next/link";
import type { DatasetSummary } from "@/lib/evaluations/datasets";
import "./evaluations.css";

export function DatasetList({ workflowId, datasets }: { workflowId: string; datasets: DatasetSummary[] }) {
  if (datasets.length === 0)
    return (
      <p className="eval-empty">
        No datasets yet: create one, then add rows by hand, import a CSV or JSONL file, or add runs from the run view.
      </p>
    );
  return (
    <div className="table-card">
      <ul className="table-rows" data-testid="dataset-list">
        {datasets.map((dataset) => (
          <li key={dataset.id}>
            <Link
              href={`/workflows/${workflowId}/evaluations/datasets/${dataset.id}`}
              className="table-row eval-dataset-row"
              data-testid="dataset-link"
            >
              <strong>{dataset.name}</strong>
              <span className="muted">
                {dataset.rowCount} row{dataset.rowCount === 1 ? "" : "s"}
              </span>
              <span className="muted eval-ellipsis">{dataset.description}</span>
              <ChevronRight size={16} className="table-row-chevron" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
