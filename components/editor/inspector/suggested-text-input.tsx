"use client";
/** A text input with suggestions (a datalist): any other value may be typed too. */
import type { ParamField as ParamFieldMeta } from "@/lib/nodes/types";

/** What the inspector's text-like inputs take. */
export type TextFieldProps = {
  id: string;
  testId: string;
  field: ParamFieldMeta;
  value: string;
  invalid: boolean;
  onChange: (value: unknown) => void;
};

export type SuggestedTextInputProps = TextFieldProps & { suggestions?: string[] };

export function SuggestedTextInput({
  id,
  testId,
  field,
  value,
  invalid,
  onChange,
  suggestions,
}: SuggestedTextInputProps) {
  return (
    <>
      <input
        id={id}
        data-testid={testId}
        className="input"
        type="text"
        list={suggestions ? `${id}-options` : undefined}
        placeholder={field.placeholder}
        value={value}
        aria-invalid={invalid}
        onChange={(e) => onChange(e.target.value)}
      />
      {suggestions && (
        <datalist id={`${id}-options`} data-testid={`${testId}-options`}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
    </>
  );
}
