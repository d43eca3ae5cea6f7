"use client";
/**
 * A list of strings edited as rows — one command argument per row, no JSON or shell quoting —
 * stored as the same string array the JSON box stored. A value that is not a list of strings (a
 * `{{…}}` template, say) keeps the JSON box.
 */
import { Plus, X } from "lucide-react";
import { useRef } from "react";
import { JsonInput } from "./json-input";
import "./row-editors.css";
import type { ValueInputProps } from "./value-input-props";

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

export function StringListInput({ id, testId, value, placeholder, invalid, onChange }: ValueInputProps) {
  const list = useRef<HTMLDivElement>(null);
  if (value !== undefined && !isStringList(value))
    return <JsonInput id={id} testId={testId} value={value} invalid={invalid} onChange={onChange} />;
  const items = value ?? [];
  const focusRow = (index: number) =>
    requestAnimationFrame(() => list.current?.querySelectorAll("input")[index]?.focus());
  const add = (at = items.length) => {
    onChange([...items.slice(0, at), "", ...items.slice(at)]);
    focusRow(at);
  };
  const remove = (index: number) => {
    const next = items.filter((_, i) => i !== index);
    onChange(next.length > 0 ? next : undefined);
  };
  return (
    <div className="row-editor" ref={list} data-testid={testId} aria-invalid={invalid}>
      {items.map((item, index) => (
        <div className="row-editor-row" key={index} data-testid={`${testId}-row`}>
          <input
            id={index === 0 ? id : undefined}
            className="input mono"
            aria-label={`Argument ${index + 1}`}
            data-testid={`${testId}-item`}
            value={item}
            placeholder={index === 0 ? placeholder : undefined}
            spellCheck={false}
            onChange={(e) => onChange(items.map((old, i) => (i === index ? e.target.value : old)))}
            onKeyDown={(e) => {
              if (e.key !== "Enter") return;
              e.preventDefault();
              add(index + 1);
            }}
          />
          <RemoveRow label={`Remove argument ${index + 1}`} testId={`${testId}-remove`} onClick={() => remove(index)} />
        </div>
      ))}
      <button
        type="button"
        className="row-editor-add"
        id={items.length === 0 ? id : undefined}
        data-testid={`${testId}-add`}
        onClick={() => add()}
      >
        <Plus size={13} aria-hidden /> Add argument
      </button>
    </div>
  );
}

export function RemoveRow({ label, testId, onClick }: { label: string; testId: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="row-editor-remove"
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={onClick}
    >
      <X size={14} aria-hidden />
    </button>
  );
}
