"use client";
/**
 * The settings form of a catalogue entry, made from its fields: text and folders typed in, secrets picked by name from
 * the stored ones (the value never reaches the browser). A field's problem shows under it once the person tried to add.
 */
import type { CatalogueField, CatalogueValues } from "@/lib/mcp-catalogue";
import { SecretInput } from "../inspector/secret-input";

type Props = {
  fields: CatalogueField[];
  values: CatalogueValues;
  problems: Record<string, string>;
  onChange: (name: string, value: unknown) => void;
};

export function CatalogueSettingsForm({ fields, values, problems, onChange }: Props) {
  if (fields.length === 0) return <p className="field-help">No settings: it is ready to add.</p>;
  return (
    <div className="mcp-catalogue-form">
      {fields.map((field) => {
        const id = `catalogue-field-${field.name}`;
        const problem = problems[field.name];
        return (
          <div key={field.name} className="field">
            <label className="field-label" htmlFor={id}>
              {field.label}
              {!field.required && <span className="field-optional"> (optional)</span>}
            </label>
            {field.kind === "secret" ? (
              <SecretInput
                id={id}
                testId={id}
                value={values[field.name]}
                invalid={Boolean(problem)}
                onChange={(value) => onChange(field.name, value)}
              />
            ) : (
              <input
                id={id}
                data-testid={id}
                className="input"
                value={typeof values[field.name] === "string" ? (values[field.name] as string) : ""}
                placeholder={field.placeholder}
                aria-invalid={Boolean(problem)}
                onChange={(event) => onChange(field.name, event.target.value)}
              />
            )}
            {field.help && <p className="field-help">{field.help}</p>}
            {problem && (
              <p className="field-error" data-testid={`${id}-error`}>
                {problem}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
