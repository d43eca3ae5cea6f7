/**
 * The answer the person is waiting for, up top: streaming in as the model writes it, then final
 * (saying so when a limit forced it); until then a quiet placeholder holds its place.
 */
import { LoaderCircle, Sparkles } from "lucide-react";
import { AGENT_LIMIT_NOTES } from "@/lib/agent/stop-reason";
import type { RunState } from "./derive-run-state";

type FinalAnswerProps = { state: RunState; labelOf: (nodeId: string) => string };

export function FinalAnswer({ state, labelOf }: FinalAnswerProps) {
  const { finalAnswer, streaming, status } = state;
  if (streaming) {
    return (
      <section
        className="final-answer is-streaming"
        data-testid="streaming-answer"
        aria-label="Answer being written"
        aria-live="polite"
      >
        <header className="final-answer-heading">
          <LoaderCircle size={14} className="spin" aria-hidden />
          <h2>Writing…</h2>
          <span className="final-answer-source">{labelOf(streaming.nodeId)}</span>
        </header>
        <div className="final-answer-text">
          {streaming.text}
          <span className="streaming-caret" aria-hidden />
        </div>
      </section>
    );
  }
  if (finalAnswer) {
    return (
      <section className="final-answer" data-testid="final-answer" aria-label="Final answer">
        <header className="final-answer-heading">
          <Sparkles size={14} aria-hidden />
          <h2>Final answer</h2>
          {finalAnswer.nodeId && <span className="final-answer-source">from {labelOf(finalAnswer.nodeId)}</span>}
        </header>
        <div className="final-answer-text">{finalAnswer.text}</div>
        {finalAnswer.stopReason && (
          <p className="final-answer-stop" data-testid="final-answer-stop">
            Answered without further tool calls: {AGENT_LIMIT_NOTES[finalAnswer.stopReason]}.
          </p>
        )}
      </section>
    );
  }
  if (status === "queued" || status === "running") {
    return (
      <section className="final-answer is-pending" aria-label="Final answer">
        <LoaderCircle size={15} className="spin" aria-hidden />
        <span>{status === "queued" ? "Waiting for a worker to pick up the run…" : "Working on the answer…"}</span>
      </section>
    );
  }
  return null;
}
