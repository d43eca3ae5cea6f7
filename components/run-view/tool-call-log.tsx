/** Every tool call of the run, in the order the agent made them. */
import { Wrench } from "lucide-react";
import type { ToolCallView } from "./derive-run-state";
import { PanelSection } from "./panel-section";
import { ToolCallCard } from "./tool-call-card";

type ToolCallLogProps = { calls: ToolCallView[]; labelOf: (nodeId: string) => string; runEnded: boolean };

export function ToolCallLog({ calls, labelOf, runEnded }: ToolCallLogProps) {
  return (
    <PanelSection
      title="Tool calls"
      icon={<Wrench size={14} aria-hidden />}
      count={calls.length}
      testId="tool-call-log"
    >
      {calls.length === 0 ? (
        <p className="panel-empty">
          {runEnded ? "No tools were called." : "Tool calls appear here as the agent makes them."}
        </p>
      ) : (
        <div className="tool-call-list">
          {calls.map((call) => (
            <ToolCallCard key={call.callId} call={call} labelOf={labelOf} />
          ))}
        </div>
      )}
    </PanelSection>
  );
}
