"use client";
/** A number input that may be emptied while typing: the text stays as typed, the param gets a number or nothing. */
import { useState } from "react";

type NumberInputProps = {
  id: string;
  testId: string;
  value: unknown;
  placeholder?: string;
  invalid?: boolean;
  onChange: (value: number | undefined) => void;
};

export function NumberInput({ id, testId, value, placeholder, invalid, onChange }: NumberInputProps) {
  const [text, setText] = useState(() => (typeof value === "number" ? String(value) : ""));
  return (
    <input
      id={id}
      data-testid={testId}
      className="input"
      type="number"
      placeholder={placeholder}
      value={text}
      aria-invalid={invalid}
      onChange={(e) => {
        setText(e.target.value);
        onChange(Number.isNaN(e.target.valueAsNumber) ? undefined : e.target.valueAsNumber);
      }}
    />
  );
}
