"use client";
/**
 * Key/value rows for HTTP headers and a server's environment: each value is typed text or a stored
 * secret picked by name (the key icon switches). Stored as the same object the JSON box stored,
 * `{ "Authorization": { "$secret": "API_TOKEN" }, "Accept": "application/json" }`; rows with no
 * key are left out until one is typed.
 */
import { KeyRound, Plus, Type } from "lucide-react";
import { useState } from "react";
import type { SecretRef } from "@/lib/secrets/secret-ref";
import { isSecretRef, secretRef } from "@/lib/secrets/secret-ref";
import { useSecretNames } from "./use-secret-names";
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
  return (
    <div className="row-editor" data-testid={testId}>
      {rows.map((row, index) => (
        <PairRow
          key={index}
          id={index === 0 ? id : undefined}
          testId={testId}
          index={index}
          row={row}
          placeholder={placeholder}
          secretNames={names}
          onChange={(patch) => update(rows.map((other, i) => (i === index ? { ...other, ...patch } : other)))}
          onRemove={() => update(rows.filter((_, i) => i !== index))}
        />
      ))}
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

type PairRowProps = {
  id?: string;
  testId: string;
  index: number;
  row: Row;
  placeholder?: string;
  secretNames: string[];
  onChange: (patch: Partial<Row>) => void;
  onRemove: () => void;
};

/** One key and its value: typed text, or a stored secret picked by name (the key icon switches). */
function PairRow({ id, testId, index, row, placeholder, secretNames, onChange, onRemove }: PairRowProps) {
  const secret = isSecretRef(row.value);
  return (
    <div className="row-editor-row is-pair" data-testid={`${testId}-row`}>
      <input
        id={id}
        className="input mono"
        aria-label={`Name ${index + 1}`}
        data-testid={`${testId}-key`}
        placeholder={placeholder ?? "Name"}
        spellCheck={false}
        value={row.key}
        onChange={(e) => onChange({ key: e.target.value })}
      />
      {secret ? (
        <SecretSelect
          label={`Secret for ${row.key || `row ${index + 1}`}`}
          testId={`${testId}-secret`}
          chosen={(row.value as SecretRef).$secret}
          names={secretNames}
          onChange={(name) => onChange({ value: secretRef(name) })}
        />
      ) : (
        <input
          className="input mono"
          aria-label={`Value ${index + 1}`}
          data-testid={`${testId}-value`}
          placeholder="Value"
          spellCheck={false}
          value={row.value as string}
          onChange={(e) => onChange({ value: e.target.value })}
        />
      )}
      <button
        type="button"
        className="row-editor-mode"
        data-testid={`${testId}-use-secret`}
        aria-pressed={secret}
        aria-label={secret ? "Type the value instead" : "Use a stored secret"}
        title={secret ? "Type the value instead" : "Use a stored secret (only its name is saved)"}
        onClick={() => onChange({ value: secret ? "" : secretRef(secretNames[0] ?? "") })}
      >
        {secret ? <Type size={14} aria-hidden /> : <KeyRound size={14} aria-hidden />}
      </button>
      <RemoveRow label={`Remove ${row.key || `row ${index + 1}`}`} testId={`${testId}-remove`} onClick={onRemove} />
    </div>
  );
}

type SecretSelectProps = {
  label: string;
  testId: string;
  chosen: string;
  names: string[];
  onChange: (name: string) => void;
};

/** A secret named in the workflow but not (or no longer) stored stays shown, so it is not silently replaced. */
function SecretSelect({ label, testId, chosen, names, onChange }: SecretSelectProps) {
  return (
    <select
      className="input select"
      aria-label={label}
      data-testid={testId}
      value={chosen}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="" disabled>
        {names.length > 0 ? "Choose a secret…" : "No secrets yet"}
      </option>
      {!names.includes(chosen) && chosen && <option value={chosen}>{chosen}</option>}
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </select>
  );
}
