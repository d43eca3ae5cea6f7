"use client";
/**
 * The Run form built from the Entry's input fields: one typed control per field, with its description, required marks
 * and defaults.
 */
import type { InputField } from "@/lib/workflow/run-input-schema";

export type FormValues = Record<string, string | boolean>;

/** The form's starting values: the last run's input where it fits, else each field's default. */
export function initialFormValues(fields: InputField[], previous: unknown): FormValues {
  const given =
    previous && typeof previous === "object" && !Array.isArray(previous) ? (previous as Record<string, unknown>) : {};
  return Object.fromEntries(
    fields.map((field) => {
      const value = given[field.name] ?? field.default;
      if (field.type === "boolean") return [field.name, value === true];
      if (value === undefined) return [field.name, ""];
      return [
        field.name,
        typeof value === "string" ? value : JSON.stringify(value, null, field.type === "json" ? 2 : 0),
      ];
    }),
  );
}

/** Turns the form into the run's input; `errors` name fields whose text is not their type. */
export function formInput(
  fields: InputField[],
  values: FormValues,
): { input: Record<string, unknown>; errors: Record<string, string> } {
  const input: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const raw = values[field.name];
    if (field.type === "boolean") {
      input[field.name] = raw === true;
      continue;
    }
    const text = typeof raw === "string" ? raw : "";
    if (text.trim() === "") {
      if (field.required) errors[field.name] = "Required";
      continue;
    }
    if (field.type === "string") input[field.name] = text;
    else if (field.type === "number") {
      const number = Number(text);
      if (Number.isFinite(number)) input[field.name] = number;
      else errors[field.name] = "Not a number";
    } else {
      try {
        input[field.name] = JSON.parse(text);
      } catch {
        errors[field.name] = "Not valid JSON";
      }
    }
  }
  return { input, errors };
}

type RunInputFormProps = {
  fields: InputField[];
  values: FormValues;
  errors: Record<string, string>;
  onChange: (values: FormValues) => void;
};

export function RunInputForm({ fields, values, errors, onChange }: RunInputFormProps) {
  const set = (name: string, value: string | boolean) => onChange({ ...values, [name]: value });
  return (
    <div className="run-input-form" data-testid="run-input-form">
      {fields.map((field, index) => {
        const id = `run-input-${field.name}`;
        const value = values[field.name];
        return (
          <div className="run-input-form-field" key={field.name}>
            <label htmlFor={id} className="run-input-label">
              {field.name}
              {field.required && <span className="field-required">*</span>}
              <span className="run-input-type">{field.type}</span>
            </label>
            {field.type === "boolean" ? (
              <input
                id={id}
                type="checkbox"
                className="switch"
                role="switch"
                checked={value === true}
                onChange={(e) => set(field.name, e.target.checked)}
                data-testid={`run-input-field-${field.name}`}
              />
            ) : field.type === "json" ? (
              <textarea
                id={id}
                className="input run-input-text"
                rows={4}
                value={String(value ?? "")}
                onChange={(e) => set(field.name, e.target.value)}
                data-testid={`run-input-field-${field.name}`}
                autoFocus={index === 0}
              />
            ) : (
              <input
                id={id}
                className="input"
                type={field.type === "number" ? "number" : "text"}
                value={String(value ?? "")}
                onChange={(e) => set(field.name, e.target.value)}
                data-testid={`run-input-field-${field.name}`}
                autoFocus={index === 0}
              />
            )}
            {field.description && <p className="run-input-kind">{field.description}</p>}
            {errors[field.name] && (
              <p className="run-input-error" role="alert">
                {field.name}: {errors[field.name]}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
