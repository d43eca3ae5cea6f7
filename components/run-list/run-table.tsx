/**
 * The run history table: each row opens the run; status, workflow, when and how it started, how long it took, the
 * tokens it used and what its model calls cost.
 */
import { ChevronRight } from "lucide-react";
import Link from "next/link";
import type { RunSummary } from "@/lib/runs/list-runs";
import { formatRelativeTime } from "@/components/ui/format-relative-time";
import { formatDuration } from "@/components/run-view/format-duration";
import { RunStatusPill } from "@/components/run-view/run-status-pill";
import { TestRunMark } from "./test-run-mark";
import { WAIT_TEXT } from "@/components/run-view/timeline-wait-events";
import type { WaitKind } from "@/lib/runs/events";
import { formatUsd } from "@/lib/settings/format-usd";
import "./run-list.css";

const TRIGGER_TEXT: Record<string, string> = {
  manual: "by hand",
  api: "API",
  webhook: "webhook",
  schedule: "schedule",
  error: "error workflow",
  "ag-ui": "AG-UI",
  a2a: "A2A",
  "public-chat": "public chat",
  evaluation: "evaluation",
};

export function RunTable({ runs, showWorkflow }: { runs: RunSummary[]; showWorkflow: boolean }) {
  const now = new Date();
  return (
    <div className="table-card">
      <div className="table-head run-table-row" aria-hidden>
        <span>Status</span>
        <span>{showWorkflow ? "Workflow" : "Run"}</span>
        <span>Started</span>
        <span>Duration</span>
        <span>Tokens</span>
        <span>Cost</span>
        <span />
      </div>
      <ul className="table-rows" data-testid="run-list">
        {runs.map((run) => (
          <li key={run.id}>
            <Link
              href={`/runs/${run.id}`}
              className="table-row run-table-row"
              data-testid="run-row"
              data-run-id={run.id}
              data-status={run.status}
            >
              <RunStatusPill status={run.status} />
              <RunName run={run} showWorkflow={showWorkflow} />
              <span className="run-table-started" title={new Date(run.createdAt).toLocaleString("en")}>
                {formatRelativeTime(new Date(run.createdAt), now)}
                {run.triggerKind && (
                  <span className="run-table-trigger" data-testid="run-trigger">
                    {TRIGGER_TEXT[run.triggerKind] ?? run.triggerKind}
                    {run.test && <TestRunMark test={run.test} />}
                  </span>
                )}
              </span>
              <span>{run.durationMs === null ? "—" : formatDuration(run.durationMs)}</span>
              <span>{run.totalTokens > 0 ? run.totalTokens.toLocaleString("en") : "—"}</span>
              <span data-testid="run-row-cost">{run.costUsd > 0 ? formatUsd(run.costUsd) : "—"}</span>
              <ChevronRight size={16} className="table-row-chevron" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The run's workflow (or id), with its input, what it waits for, or its error beneath. */
function RunName({ run, showWorkflow }: { run: RunSummary; showWorkflow: boolean }) {
  return (
    <span className="run-table-name">
      {showWorkflow ? run.workflowName : <code>{run.id.slice(0, 8)}</code>}
      {run.inputPreview && !run.error && !run.waitingFor && <span className="run-table-input">{run.inputPreview}</span>}
      {!run.inputPreview && run.defaultInputPreview && !run.error && !run.waitingFor && (
        <span className="run-table-input" title="Started without input: the Entry's default input was used">
          default: {run.defaultInputPreview}
        </span>
      )}
      {run.waitingFor && (
        <span className="run-table-input" data-testid="run-waiting-for">
          waits {WAIT_TEXT[run.waitingFor.kind as WaitKind] ?? `(${run.waitingFor.kind})`}
          {run.waitingFor.until && ` until ${new Date(run.waitingFor.until).toLocaleString("en")}`}
        </span>
      )}
      {run.error && (
        <span className="run-table-error" title={run.error}>
          {run.error}
        </span>
      )}
    </span>
  );
}
