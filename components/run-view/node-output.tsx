/** For the node picked on the canvas: what it handed on (its output when it completed) and how long it took. */
import { ArrowRightFromLine } from "lucide-react";
import type { RunEvent } from "@/lib/runs/events";
import { formatDuration } from "./format-duration";
import { PanelSection } from "./panel-section";

export function NodeOutput({ events, nodeId }: { events: RunEvent[]; nodeId: string }) {
  const completed = events.findLast((event) => event.type === "node.completed" && (event.payload as { nodeId?: string }).nodeId === nodeId);
  const payload = completed?.payload as { output?: unknown; durationMs?: number } | undefined;
  return (
    <PanelSection title="Output" icon={<ArrowRightFromLine size={14} aria-hidden />} testId="node-output" aside={payload?.durationMs !== undefined && <span className="run-panel-note">{formatDuration(payload.durationMs)}</span>}>
      {payload ? (
        <pre className="run-input-value" data-testid="node-output-value">
          {JSON.stringify(payload.output ?? null, null, 2)}
        </pre>
      ) : (
        <p className="panel-empty">This node has not completed in this run.</p>
      )}
    </PanelSection>
  );
}
