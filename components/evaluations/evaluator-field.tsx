"use client";
/**
 * One field of an evaluator's form, drawn from its row in the table (evaluator-kinds.ts): a text, a number, a check
 * box, a JSON or rubric text area, or the model node a judge borrows; its problem, named, under it.
 */
import { useId } from "react";
import type { FieldSpec } from "./evaluator-kinds";

type Props = {
  field: FieldSpec;
  value: string | boolean;
  onChange: (value: string | boolean) => void;
  error?: string;
  modelNodes: { id: string; label: string }[];
};

export function EvaluatorField({ field, value, onChange, error, modelNodes }: Props) {
  const id = useId();
  const described = [field.hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const common = { id, "aria-invalid": error ? true : undefined, "aria-describedby": described || undefined };
  if (field.type === "checkbox")
    return (
      <label className="eval-field eval-field-check">
        <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
        {field.label}
      </label>
    );
  const text = typeof value === "string" ? value : "";
  const wide = field.type === "textarea" || field.type === "json";
  return (
    <div className={wide ? "eval-field eval-field-wide" : "eval-field"}>
      <label htmlFor={id}>
        {field.label}
        {field.optional && <span className="muted"> (optional)</span>}
      </label>
      <FieldControl field={field} text={text} wide={wide} onChange={onChange} modelNodes={modelNodes} common={common} />
      {field.hint && (
        <span id={`${id}-hint`} className="muted eval-field-hint">
          {field.hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="eval-error">
          {error}
        </span>
      )}
    </div>
  );
}

type ControlProps = Pick<Props, "field" | "onChange" | "modelNodes"> & {
  text: string;
  wide: boolean;
  common: { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string };
};

/** The input itself: the judge's model node picker, a text area (a rubric, JSON), or a one-line text or number. */
function FieldControl({ field, text, wide, onChange, modelNodes, common }: ControlProps) {
  if (field.type === "modelNode")
    return (
      <select {...common} className="input select" value={text} onChange={(e) => onChange(e.target.value)}>
        <option value="">None: its own settings</option>
        {modelNodes.map((node) => (
          <option key={node.id} value={node.id}>
            {node.label} ({node.id})
          </option>
        ))}
      </select>
    );
  if (wide)
    return (
      <textarea
        {...common}
        className={field.type === "json" ? "input textarea mono" : "input textarea"}
        rows={field.type === "json" ? 4 : 3}
        spellCheck={field.type !== "json"}
        placeholder={field.placeholder}
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <input
      {...common}
      className="input"
      type={field.type === "number" ? "number" : "text"}
      step={field.step}
      placeholder={field.placeholder}
      value={text}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
