"use client";
/**
 * Rows of named, typed fields (name, type, required, description): the Entry's input fields and a
 * model node's output schema are both edited this way.
 */
import { Plus, X } from "lucide-react";

export type FieldRow = { name: string; type?: string; description?: string; required?: boolean };

type FieldRowsEditorProps<R extends FieldRow> = {
  id: string;
  testId: string;
  rows: R[];
  types: readonly string[];
  /** Shown when there are no rows. */
  emptyText: string;
  descriptionPlaceholder: string;
  newRow: (index: number) => R;
  onChange: (rows: R[]) => void;
};

export function FieldRowsEditor<R extends FieldRow>(props: FieldRowsEditorProps<R>) {
  const { id, testId, rows, types, emptyText, descriptionPlaceholder, newRow, onChange } = props;
  const update = (index: number, change: Partial<R>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <div className="input-fields" id={id} data-testid={testId}>
      {rows.length === 0 && <p className="field-help">{emptyText}</p>}
      {rows.map((row, index) => (
        <div className="input-field-row" key={index} data-testid="input-field-row">
          <input
            className="input"
            aria-label="Field name"
            placeholder="name"
            value={row.name}
            onChange={(e) => update(index, { name: e.target.value } as Partial<R>)}
            data-testid="input-field-name"
          />
          <select
            className="input select"
            aria-label="Type"
            value={row.type ?? types[0]}
            onChange={(e) => update(index, { type: e.target.value } as Partial<R>)}
            data-testid="input-field-type"
          >
            {types.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          <label className="input-field-required" title="Required">
            <input
              type="checkbox"
              checked={row.required === true}
              onChange={(e) => update(index, { required: e.target.checked } as Partial<R>)}
              data-testid="input-field-required"
            />{" "}
            req.
          </label>
          <button
            type="button"
            className="toolbar-icon-button"
            aria-label={`Remove ${row.name || "field"}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <X size={13} aria-hidden />
          </button>
          <input
            className="input input-field-description"
            aria-label="Description"
            placeholder={descriptionPlaceholder}
            value={row.description ?? ""}
            onChange={(e) => update(index, { description: e.target.value } as Partial<R>)}
            data-testid="input-field-description"
          />
        </div>
      ))}
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        data-testid="add-input-field"
        onClick={() => onChange([...rows, newRow(rows.length)])}
      >
        <Plus size={13} aria-hidden /> Add field
      </button>
    </div>
  );
}
