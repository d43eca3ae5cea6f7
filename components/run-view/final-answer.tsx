/** The answer the person is waiting for, up top; while the agent works, a quiet placeholder holds its place. */
import { LoaderCircle, Sparkles } from "lucide-react";
import type { RunState } from "./derive-run-state";

type FinalAnswerProps = { state: RunState; labelOf: (nodeId: string) => string };

export function FinalAnswer({ state, labelOf }: FinalAnswerProps) {
  const { finalAnswer, status } = state;
  if (finalAnswer) {
    return (
      <section className="final-answer" data-testid="final-answer" aria-label="Final answer">
        <header className="final-answer-heading">
          <Sparkles size={14} aria-hidden />
          <h2>Final answer</h2>
          {finalAnswer.nodeId && <span className="final-answer-source">from {labelOf(finalAnswer.nodeId)}</span>}
        </header>
        <div className="final-answer-text">{finalAnswer.text}</div>
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
