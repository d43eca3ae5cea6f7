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
  return (
    <div className="input-fields" id={id} data-testid={testId}>
      {rows.length === 0 && <p className="field-help">{emptyText}</p>}
      {rows.map((row, index) => (
        <FieldRowEditor
          key={index}
          row={row}
          types={types}
          descriptionPlaceholder={descriptionPlaceholder}
          onChange={(change) => onChange(rows.map((other, i) => (i === index ? { ...other, ...change } : other)))}
          onRemove={() => onChange(rows.filter((_, i) => i !== index))}
        />
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

type FieldRowEditorProps<R extends FieldRow> = {
  row: R;
  types: readonly string[];
  descriptionPlaceholder: string;
  onChange: (change: Partial<R>) => void;
  onRemove: () => void;
};

function FieldRowEditor<R extends FieldRow>(props: FieldRowEditorProps<R>) {
  const { row, types, descriptionPlaceholder, onChange, onRemove } = props;
  return (
    <div className="input-field-row" data-testid="input-field-row">
      <input
        className="input"
        aria-label="Field name"
        placeholder="name"
        value={row.name}
        onChange={(e) => onChange({ name: e.target.value } as Partial<R>)}
        data-testid="input-field-name"
      />
      <select
        className="input select"
        aria-label="Type"
        value={row.type ?? types[0]}
        onChange={(e) => onChange({ type: e.target.value } as Partial<R>)}
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
          onChange={(e) => onChange({ required: e.target.checked } as Partial<R>)}
          data-testid="input-field-required"
        />{" "}
        req.
      </label>
      <button
        type="button"
        className="toolbar-icon-button"
        aria-label={`Remove ${row.name || "field"}`}
        onClick={onRemove}
      >
        <X size={13} aria-hidden />
      </button>
      <input
        className="input input-field-description"
        aria-label="Description"
        placeholder={descriptionPlaceholder}
        value={row.description ?? ""}
        onChange={(e) => onChange({ description: e.target.value } as Partial<R>)}
        data-testid="input-field-description"
      />
    </div>
  );
}
