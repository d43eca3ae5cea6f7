"use client";
/** One evaluator in the editor: its kind, its optional name, its form's fields, and buttons to move or remove it. */
import { ArrowDown, ArrowUp, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { Draft, DraftErrors } from "./evaluator-drafts";
import { EvaluatorField } from "./evaluator-field";
import { KINDS, NAME_FIELD } from "./evaluator-kinds";

type Props = {
  draft: Draft;
  position: number;
  count: number;
  errors?: DraftErrors;
  modelNodes: { id: string; label: string }[];
  onChange: (draft: Draft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

export function EvaluatorCard({ draft, position, count, errors = {}, modelNodes, onChange, onMove, onRemove }: Props) {
  const kind = KINDS[draft.kind];
  const title = `Evaluator ${position}: ${kind.label}`;
  const set = (key: string) => (value: string | boolean) =>
    onChange({ ...draft, values: { ...draft.values, [key]: value } });
  const field = (spec: typeof NAME_FIELD) => (
    <EvaluatorField
      key={spec.key}
      field={spec}
      value={draft.values[spec.key] ?? ""}
      onChange={set(spec.key)}
      error={errors[spec.key]}
      modelNodes={modelNodes}
    />
  );
  return (
    <li className="eval-evaluator" role="group" aria-label={title} data-testid="evaluator-card">
      <div className="eval-evaluator-head">
        <span className="eval-evaluator-kind">
          <span className="eval-evaluator-group">{kind.group}</span>
          {kind.label}
        </span>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Move evaluator ${position} up`}
          disabled={position === 1}
          onClick={() => onMove(-1)}
        >
          <ArrowUp size={14} aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Move evaluator ${position} down`}
          disabled={position === count}
          onClick={() => onMove(1)}
        >
          <ArrowDown size={14} aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Remove evaluator ${position}`} onClick={onRemove}>
          <X size={14} aria-hidden />
        </Button>
      </div>
      <div className="eval-evaluator-fields">
        {field(NAME_FIELD)}
        {kind.fields.map(field)}
      </div>
      {errors[""] && <p className="eval-error">{errors[""]}</p>}
    </li>
  );
}
