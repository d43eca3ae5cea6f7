"use client";
/**
 * The secret picker: choose a stored secret by name. Only the name is ever stored or shown; the value stays on the
 * server.
 */
import { KeyRound } from "lucide-react";
import { isSecretRef, secretRef } from "@/lib/secrets/secret-ref";
import { useSecretNames } from "./use-secret-names";

type SecretInputProps = {
  id: string;
  testId: string;
  value: unknown;
  invalid?: boolean;
  onChange: (value: unknown) => void;
};

export function SecretInput({ id, testId, value, invalid, onChange }: SecretInputProps) {
  const { names, loaded, unavailable, refresh } = useSecretNames();
  const current = isSecretRef(value) ? value.$secret : "";
  // Names that could not be listed (a viewer may not list secrets) say nothing about whether this one exists.
  const missing = current !== "" && loaded && !unavailable && !names.includes(current);
  const unlisted = current !== "" && !names.includes(current) && !missing;

  return (
    <>
      <div className="secret-input">
        <KeyRound size={14} aria-hidden />
        <select
          id={id}
          data-testid={testId}
          className="input select"
          value={current}
          aria-invalid={invalid || missing}
          onFocus={refresh}
          onChange={(e) => onChange(e.target.value ? secretRef(e.target.value) : undefined)}
        >
          <option value="">{names.length > 0 || unavailable ? "Choose a secret…" : "No secrets yet"}</option>
          {missing && <option value={current}>{current} (not found)</option>}
          {unlisted && <option value={current}>{current}</option>}
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {loaded && !unavailable && names.length === 0 && (
        <p className="field-note" data-testid={`${testId}-hint`}>
          Add secrets on the <a href="/secrets">Secrets page</a>; they are picked here by name and never shown.
        </p>
      )}
      {missing && <p className="field-error">No secret named “{current}” is stored.</p>}
      {loaded && unavailable && (
        <p className="field-note" data-testid={`${testId}-unlisted`}>
          Stored secrets cannot be listed here (editors and admins can), so whether this one exists is not checked.
        </p>
      )}
    </>
  );
}
