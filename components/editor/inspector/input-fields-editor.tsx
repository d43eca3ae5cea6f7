"use client";
/**
 * Edits the Entry's input fields (name, type, required, description): what the Run form asks for and the API checks.
 */
import { Plus, X } from "lucide-react";
import { INPUT_FIELD_TYPES, type InputField } from "@/lib/workflow/run-input-schema";

type Row = Partial<InputField> & { name: string };

export function InputFieldsEditor({
  id,
  testId,
  value,
  onChange,
}: {
  id: string;
  testId: string;
  value: unknown;
  onChange: (value: Row[]) => void;
}) {
  const rows: Row[] = Array.isArray(value) ? (value as Row[]) : [];
  const update = (index: number, change: Partial<Row>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <div className="input-fields" id={id} data-testid={testId}>
      {rows.length === 0 && <p className="field-help">No fields: a run takes any input (text or JSON).</p>}
      {rows.map((row, index) => (
        <div className="input-field-row" key={index} data-testid="input-field-row">
          <input
            className="input"
            aria-label="Field name"
            placeholder="name"
            value={row.name}
            onChange={(e) => update(index, { name: e.target.value })}
            data-testid="input-field-name"
          />
          <select
            className="input select"
            aria-label="Type"
            value={row.type ?? "string"}
            onChange={(e) => update(index, { type: e.target.value as InputField["type"] })}
            data-testid="input-field-type"
          >
            {INPUT_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          <label className="input-field-required" title="Required">
            <input
              type="checkbox"
              checked={row.required === true}
              onChange={(e) => update(index, { required: e.target.checked })}
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
            placeholder="What it is (shown in the Run form)"
            value={row.description ?? ""}
            onChange={(e) => update(index, { description: e.target.value })}
          />
        </div>
      ))}
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        data-testid="add-input-field"
        onClick={() =>
          onChange([...rows, { name: `field${rows.length + 1}`, type: "string", required: false, description: "" }])
        }
      >
        <Plus size={13} aria-hidden /> Add field
      </button>
    </div>
  );
}
