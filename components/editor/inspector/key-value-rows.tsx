"use client";
/**
 * Key/value rows for HTTP headers and a server's environment: each value is typed text or a stored
 * secret picked by name (the key icon switches). Stored as the same object the JSON box stored,
 * `{ "Authorization": { "$secret": "API_TOKEN" }, "Accept": "application/json" }`; rows with no
 * key are left out until one is typed.
 */
import { KeyRound, Plus, Type } from "lucide-react";
import { useState } from "react";
import { isSecretRef, secretRef, type SecretRef } from "@/lib/secrets/reference";
import { useSecretNames } from "@/hooks/use-secret-names";
import { JsonInput } from "./json-input";
import { RemoveRow } from "./string-list-input";
import "./row-editors.css";
import type { ValueInputProps } from "./value-input-props";

type Row = { key: string; value: string | SecretRef };

const isRowValue = (value: unknown) => typeof value === "string" || isSecretRef(value);
const isRowObject = (value: unknown): value is Record<string, string | SecretRef> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every(isRowValue);

export function KeyValueRows(props: ValueInputProps) {
  const { value } = props;
  if (value !== undefined && !isRowObject(value))
    return (
      <JsonInput id={props.id} testId={props.testId} value={value} invalid={props.invalid} onChange={props.onChange} />
    );
  return <Rows {...props} value={value ?? {}} />;
}

function Rows({
  id,
  testId,
  value,
  placeholder,
  onChange,
}: ValueInputProps & { value: Record<string, string | SecretRef> }) {
  const { names } = useSecretNames();
  // Rows live here while edited (a row may have no key yet); the stored object is derived from them.
  const [rows, setRows] = useState<Row[]>(() => Object.entries(value).map(([key, v]) => ({ key, value: v })));
  const update = (next: Row[]) => {
    setRows(next);
    const named = next.filter((row) => row.key.trim() !== "");
    onChange(named.length > 0 ? Object.fromEntries(named.map((row) => [row.key.trim(), row.value])) : undefined);
  };
  const change = (index: number, patch: Partial<Row>) =>
    update(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div className="row-editor" data-testid={testId}>
      {rows.map((row, index) => {
        const secret = isSecretRef(row.value);
        return (
          <div className="row-editor-row is-pair" key={index} data-testid={`${testId}-row`}>
            <input
              id={index === 0 ? id : undefined}
              className="input mono"
              aria-label={`Name ${index + 1}`}
              data-testid={`${testId}-key`}
              placeholder={placeholder ?? "Name"}
              spellCheck={false}
              value={row.key}
              onChange={(e) => change(index, { key: e.target.value })}
            />
            {secret ? (
              <select
                className="input select"
                aria-label={`Secret for ${row.key || `row ${index + 1}`}`}
                data-testid={`${testId}-secret`}
                value={(row.value as SecretRef).$secret}
                onChange={(e) => change(index, { value: secretRef(e.target.value) })}
              >
                <option value="" disabled>
                  {names.length > 0 ? "Choose a secret…" : "No secrets yet"}
                </option>
                {!names.includes((row.value as SecretRef).$secret) && (row.value as SecretRef).$secret && (
                  <option value={(row.value as SecretRef).$secret}>{(row.value as SecretRef).$secret}</option>
                )}
                {names.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            ) : (
              <input
                className="input mono"
                aria-label={`Value ${index + 1}`}
                data-testid={`${testId}-value`}
                placeholder="Value"
                spellCheck={false}
                value={row.value as string}
                onChange={(e) => change(index, { value: e.target.value })}
              />
            )}
            <button
              type="button"
              className="row-editor-mode"
              data-testid={`${testId}-use-secret`}
              aria-pressed={secret}
              aria-label={secret ? "Type the value instead" : "Use a stored secret"}
              title={secret ? "Type the value instead" : "Use a stored secret (only its name is saved)"}
              onClick={() => change(index, { value: secret ? "" : secretRef(names[0] ?? "") })}
            >
              {secret ? <Type size={14} aria-hidden /> : <KeyRound size={14} aria-hidden />}
            </button>
            <RemoveRow
              label={`Remove ${row.key || `row ${index + 1}`}`}
              testId={`${testId}-remove`}
              onClick={() => update(rows.filter((_, i) => i !== index))}
            />
          </div>
        );
      })}
      <button
        type="button"
        className="row-editor-add"
        data-testid={`${testId}-add`}
        onClick={() => setRows([...rows, { key: "", value: "" }])}
      >
        <Plus size={13} aria-hidden /> Add
      </button>
    </div>
  );
}
