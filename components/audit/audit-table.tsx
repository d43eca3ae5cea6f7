/**
 * The audit trail's table: one row per tool call that reached the gateway — when, the tool and its
 * arguments, who called (which node of which workflow, a Switchboard node or an outside agent), how
 * it went and how long it took. A row links to its run while the run still exists.
 */
import Link from "next/link";
import type { AuditedCall } from "@/lib/audit/list-tool-calls";
import { formatRelativeTime } from "@/components/ui/format-relative-time";
import { formatDuration } from "@/components/run-view/format-duration";
import { previewValue } from "@/components/run-view/format-value";
import "./audit.css";

const OUTCOME_TONE: Record<AuditedCall["outcome"], string> = {
  completed: "success",
  error: "danger",
  blocked: "danger",
  denied: "neutral",
};

export function AuditTable({ calls, liveRunIds }: { calls: AuditedCall[]; liveRunIds: ReadonlySet<string> }) {
  const now = new Date();
  return (
    <div className="table-card">
      <div className="table-head audit-row" aria-hidden>
        <span>When</span>
        <span>Tool and arguments</span>
        <span>Caller</span>
        <span>Outcome</span>
        <span>Took</span>
      </div>
      <ul className="table-rows" data-testid="audit-list">
        {calls.map((call) => (
          <li
            key={call.id}
            className="table-row audit-row"
            data-testid="audit-row"
            data-outcome={call.outcome}
            data-tool={call.toolName}
          >
            <span title={new Date(call.at).toLocaleString("en")}>{formatRelativeTime(new Date(call.at), now)}</span>
            <span className="audit-tool">
              <code>{call.toolName}</code>
              <span className="audit-args">{previewValue(call.args, 140)}</span>
              {call.detail && (
                <span className={`audit-detail is-${OUTCOME_TONE[call.outcome]}`} title={call.detail}>
                  {previewValue(call.detail, 160)}
                </span>
              )}
            </span>
            <span className="audit-caller">
              {liveRunIds.has(call.runId) ? (
                <Link href={`/runs/${call.runId}`}>{call.workflowName}</Link>
              ) : (
                <span title="The run (or its workflow) has been deleted; its audit rows are kept">
                  {call.workflowName}
                </span>
              )}
              <span className="audit-caller-node">
                {call.callerLabel ?? call.callerNodeId} ·{" "}
                {call.caller === "external" ? "external agent" : "Switchboard node"}
                {call.startedBy && ` · run started by ${call.startedBy}`}
              </span>
            </span>
            <span className={`badge audit-outcome is-${OUTCOME_TONE[call.outcome]}`}>{call.outcome}</span>
            <span>{call.durationMs === null ? "—" : formatDuration(call.durationMs)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
