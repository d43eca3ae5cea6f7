"use client";
/**
 * A JSON textarea: keeps the text as typed, stores the parsed value only while it parses, and says what is wrong when
 * it does not.
 */
import { useState } from "react";
import type { ValueInputProps } from "./value-input-props";

const format = (value: unknown) => (value === undefined ? "" : JSON.stringify(value, null, 2));

export function JsonInput({ id, testId, value, placeholder, invalid, onChange }: ValueInputProps) {
  const [text, setText] = useState(() => format(value));
  const [error, setError] = useState<string | null>(null);

  const update = (next: string) => {
    setText(next);
    if (next.trim() === "") {
      setError(null);
      return onChange(undefined);
    }
    try {
      onChange(JSON.parse(next));
      setError(null);
    } catch (e) {
      setError(`Not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  return (
    <>
      <textarea
        id={id}
        data-testid={testId}
        className="input textarea mono"
        rows={4}
        spellCheck={false}
        placeholder={placeholder}
        value={text}
        aria-invalid={invalid || error !== null}
        onChange={(e) => update(e.target.value)}
      />
      {error && (
        <p className="field-error" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </>
  );
}
