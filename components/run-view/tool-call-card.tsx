/** One tool call the agent made: which tool, with what arguments, what came back, how long it took. */
import { CircleAlert, LoaderCircle, Wrench } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/class-names";
import type { ToolCallView } from "./derive-run-state";
import { formatDuration } from "./format-duration";
import { ValueBlock } from "./value-block";

type ToolCallCardProps = { call: ToolCallView; labelOf: (nodeId: string) => string };

export function ToolCallCard({ call, labelOf }: ToolCallCardProps) {
  return (
    <article
      className={cx("tool-call", call.isError && "is-error", call.state === "running" && "is-running")}
      data-testid="tool-call"
    >
      <ToolCallHeader call={call} />
      <p className="tool-call-origin">
        {labelOf(call.agentNodeId)}, {call.item === undefined ? `step ${call.iteration}` : `item ${call.item + 1}`}
        {call.toolNodeId && <> · via {labelOf(call.toolNodeId)}</>}
      </p>
      <ToolCallArgs call={call} />
      {call.state === "finished" && (
        <section className="tool-call-section">
          <h4>{call.isError ? "Error" : "Result"}</h4>
          <ValueBlock
            value={call.result ?? null}
            collapsible
            tone={call.isError ? "error" : "plain"}
            testId="tool-call-result"
          />
        </section>
      )}
    </article>
  );
}

/** The tool's name, whether it failed, and whether it is still waiting for an answer or how long it took. */
function ToolCallHeader({ call }: { call: ToolCallView }) {
  return (
    <header className="tool-call-header">
      <span className="tool-call-icon">
        <Wrench size={13} aria-hidden />
      </span>
      <code className="tool-call-name" data-testid="tool-call-name">
        {call.toolName}
      </code>
      {call.isError && (
        <Badge tone="danger">
          <CircleAlert size={11} aria-hidden /> Error
        </Badge>
      )}
      <span className="tool-call-meta">
        {call.state === "running" && (
          <span className="tool-call-pending" data-testid="tool-call-pending">
            <LoaderCircle size={13} className="spin" aria-hidden /> calling…
          </span>
        )}
        {call.state === "abandoned" && <span>no answer</span>}
        {call.durationMs !== undefined && (
          <span data-testid="tool-call-duration">{formatDuration(call.durationMs)}</span>
        )}
      </span>
    </header>
  );
}

/** The arguments the tool ran with; when a reviewer edited them on approval, also those the agent asked for. */
function ToolCallArgs({ call }: { call: ToolCallView }) {
  if (call.editedArgs === undefined) {
    return (
      <section className="tool-call-section">
        <h4>Arguments</h4>
        <ValueBlock value={call.args ?? {}} testId="tool-call-args" />
      </section>
    );
  }
  return (
    <>
      <section className="tool-call-section">
        <h4>
          Arguments <Badge tone="accent">edited on approval</Badge>
        </h4>
        <ValueBlock value={call.editedArgs} testId="tool-call-args" />
      </section>
      <section className="tool-call-section">
        <h4>As the agent asked</h4>
        <ValueBlock value={call.args ?? {}} collapsible testId="tool-call-requested-args" />
      </section>
    </>
  );
}
