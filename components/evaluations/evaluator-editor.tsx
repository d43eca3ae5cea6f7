"use client";
/**
 * The evaluators of an evaluation, edited as forms rather than JSON: a list of cards (evaluator-card.tsx), each added
 * from a menu grouped by what it checks (the output, the tool calls, cost and latency, a judge). The drafts are the
 * caller's state; evaluator-drafts.ts turns them into the settings the API takes.
 */
import { useId } from "react";
import { EvaluatorCard } from "./evaluator-card";
import { toDraft, type Draft, type DraftErrors } from "./evaluator-drafts";
import { GROUPS, isKind, KINDS } from "./evaluator-kinds";

type Props = {
  drafts: Draft[];
  onChange: (drafts: Draft[]) => void;
  /** Each draft's problems, by position; shown once the person has tried to start. */
  errors: DraftErrors[];
  modelNodes: { id: string; label: string }[];
};

export function EvaluatorEditor({ drafts, onChange, errors, modelNodes }: Props) {
  const headingId = useId();
  const add = (kind: string) => {
    const draft = isKind(kind) ? toDraft(KINDS[kind].starts(modelNodes[0]?.id)) : null;
    if (draft) onChange([...drafts, draft]);
  };
  const replace = (index: number, draft: Draft) => onChange(drafts.map((old, at) => (at === index ? draft : old)));
  const move = (index: number, by: -1 | 1) => {
    const moved = [...drafts];
    [moved[index], moved[index + by]] = [moved[index + by], moved[index]];
    onChange(moved);
  };
  return (
    <section className="eval-evaluators" aria-labelledby={headingId} data-testid="evaluator-editor">
      <div className="eval-evaluators-bar">
        <span id={headingId} className="eval-evaluators-title">
          Evaluators
        </span>
        <AddEvaluatorMenu onAdd={add} />
      </div>
      {drafts.length === 0 ? (
        <p className="eval-empty">No evaluators yet: add one from the menu. A row passes when all of them pass.</p>
      ) : (
        <ol className="eval-evaluator-list">
          {drafts.map((draft, index) => (
            <EvaluatorCard
              key={draft.key}
              draft={draft}
              position={index + 1}
              count={drafts.length}
              errors={errors[index]}
              modelNodes={modelNodes}
              onChange={(changed) => replace(index, changed)}
              onMove={(by) => move(index, by)}
              onRemove={() => onChange(drafts.filter((_, at) => at !== index))}
            />
          ))}
        </ol>
      )}
      <p className="muted eval-hint">
        A row passes when its run completes and every evaluator passes. Text settings may quote the row:
        {" {{expected.output}}, {{expected.city}}, {{input}}."}
      </p>
    </section>
  );
}

/** A menu of every kind, grouped; choosing one adds it with its starting settings. */
function AddEvaluatorMenu({ onAdd }: { onAdd: (kind: string) => void }) {
  const kinds = Object.entries(KINDS);
  return (
    <select
      className="input select eval-add-evaluator"
      aria-label="Add an evaluator"
      value=""
      onChange={(event) => onAdd(event.target.value)}
    >
      <option value="">+ Add an evaluator…</option>
      {GROUPS.map((group) => (
        <optgroup key={group} label={group}>
          {kinds
            .filter(([, spec]) => spec.group === group)
            .map(([kind, spec]) => (
              <option key={kind} value={kind}>
                {spec.label}
              </option>
            ))}
        </optgroup>
      ))}
    </select>
  );
}
