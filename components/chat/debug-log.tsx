"use client";
/**
 * The Chat panel's debug log: the panel's own notes (switching agents) and, for each answer sent
 * from the panel, how its agent context was built and torn down, followed live over the run's
 * event stream — so a switch's wind-down shows even after the conversation is gone from view.
 */
import { useMemo } from "react";
import { useRunEvents } from "@/hooks/use-run-events";
import { debugLines, type DebugLine } from "./debug-lines";

/** A run whose context the log follows, and the agent (workflow) that answered. */
export type TrackedRun = { runId: string; workflowId: string; at: string };

const time = (at: string) => new Date(at).toLocaleTimeString([], { hour12: false });

function Line({ line }: { line: DebugLine }) {
  return (
    <li className={`chat-debug-line is-${line.level}`} data-testid="chat-debug-line" data-level={line.level}>
      <time dateTime={line.at}>{time(line.at)}</time> {line.text}
    </li>
  );
}

function RunLines({ run, agentName }: { run: TrackedRun; agentName: (workflowId: string) => string }) {
  const { events } = useRunEvents(run.runId, []);
  const lines = useMemo(() => debugLines(events), [events]);
  return (
    <li className="chat-debug-run" data-testid="chat-debug-run">
      <span className="chat-debug-run-title">
        {agentName(run.workflowId)} · run {run.runId.slice(0, 8)}
      </span>
      <ol>
        {lines.map((line, index) => (
          <Line key={index} line={line} />
        ))}
      </ol>
    </li>
  );
}

/** `agentName` names a run's workflow when drawn, so a name that arrives late still shows. */
export function DebugLog({
  notes,
  runs,
  agentName,
}: {
  notes: DebugLine[];
  runs: TrackedRun[];
  agentName: (workflowId: string) => string;
}) {
  type Entry = { at: string; note: DebugLine; run?: never } | { at: string; run: TrackedRun; note?: never };
  const entries: Entry[] = [
    ...notes.map((note) => ({ at: note.at, note })),
    ...runs.map((run) => ({ at: run.at, run })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <section className="chat-debug" data-testid="chat-debug-log" aria-label="Debug log">
      {entries.length === 0 ? (
        <p className="chat-debug-empty">
          Each answer&apos;s context — MCP servers started and closed, tools registered, memory loaded — shows here.
        </p>
      ) : (
        <ol>
          {entries.map((entry) =>
            entry.run ? (
              <RunLines key={entry.run.runId} run={entry.run} agentName={agentName} />
            ) : (
              <Line key={`${entry.at}-${entry.note.text}`} line={entry.note} />
            ),
          )}
        </ol>
      )}
    </section>
  );
}
