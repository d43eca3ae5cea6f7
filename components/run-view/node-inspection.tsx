/**
 * For the node picked on the canvas: for model nodes the conversation step by step and the tokens
 * it used, what it handed on with how long it took, and the settings it ran with (templates
 * filled, secrets as their names, unset ones left out). All read from the run's events.
 */
import { ArrowRightFromLine, MessagesSquare, SlidersHorizontal } from "lucide-react";
import type { RunEvent } from "@/lib/runs/events";
import type { TranscriptMessage } from "@/lib/runs/transcript";
import { Conversation } from "./conversation";
import { formatDuration } from "./format-duration";
import { formatUsd } from "@/lib/settings/format-usd";
import { PanelSection } from "./panel-section";
import { ValueBlock } from "./value-block";

type Of<T extends RunEvent["type"]> = Extract<RunEvent, { type: T }>;

function eventsOf<T extends RunEvent["type"]>(events: RunEvent[], type: T, nodeId: string): Of<T>[] {
  return events.filter(
    (event): event is Of<T> => event.type === type && (event.payload as { nodeId?: string }).nodeId === nodeId,
  );
}

export function NodeInspection({ events, nodeId }: { events: RunEvent[]; nodeId: string }) {
  // Runs recorded before node.started carried the settings have them in a node.params event.
  const params =
    eventsOf(events, "node.started", nodeId).at(-1)?.payload.params ??
    eventsOf(events, "node.params", nodeId).at(-1)?.payload.params;
  const messages: TranscriptMessage[] = eventsOf(events, "agent.step", nodeId).flatMap(
    (step) => step.payload.messages ?? [],
  );
  const usage = eventsOf(events, "llm.usage", nodeId).at(-1)?.payload;
  const completed = eventsOf(events, "node.completed", nodeId).at(-1)?.payload;
  const shownParams = Object.entries(params ?? {}).filter(
    ([, value]) => value !== undefined && value !== null && value !== "",
  );
  return (
    <>
      {messages.length > 0 && <ConversationSection messages={messages} usage={usage} />}
      <PanelSection
        title="Output"
        icon={<ArrowRightFromLine size={14} aria-hidden />}
        testId="node-output"
        aside={completed && <span className="run-panel-note">{formatDuration(completed.durationMs)}</span>}
      >
        {completed ? (
          <ValueBlock value={completed.output ?? null} tree testId="node-output-value" />
        ) : (
          <p className="panel-empty">This node has not completed in this run.</p>
        )}
      </PanelSection>
      {shownParams.length > 0 && <ParamsSection shownParams={shownParams} />}
    </>
  );
}

/** The model node's conversation, with the tokens (and cost) its last call reported. */
function ConversationSection({
  messages,
  usage,
}: {
  messages: TranscriptMessage[];
  usage?: Of<"llm.usage">["payload"];
}) {
  return (
    <PanelSection
      title="Conversation"
      icon={<MessagesSquare size={14} aria-hidden />}
      count={messages.length}
      testId="node-conversation"
      aside={
        usage && (
          <span className="run-panel-note" data-testid="node-usage">
            {usage.totalTokens} tokens ({usage.inputTokens} in, {usage.outputTokens} out)
            {usage.tokenBudget ? ` of a ${usage.tokenBudget} budget` : ""}
            {usage.costUsd !== undefined ? ` · ${formatUsd(usage.costUsd)}` : ""}
          </span>
        )
      }
    >
      <Conversation messages={messages} />
    </PanelSection>
  );
}

/** The settings the node ran with, one row per set value. */
function ParamsSection({ shownParams }: { shownParams: [string, unknown][] }) {
  return (
    <PanelSection title="Settings used" icon={<SlidersHorizontal size={14} aria-hidden />} testId="node-params">
      <dl className="node-params" data-testid="node-params-value">
        {shownParams.map(([name, value]) => (
          <div key={name} className="node-param" data-param={name}>
            <dt>{name}</dt>
            <dd>
              <ValueBlock value={value} collapsible tree />
            </dd>
          </div>
        ))}
      </dl>
    </PanelSection>
  );
}
