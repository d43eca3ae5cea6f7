"use client";
/**
 * A model node's output schema: built field by field (name, type, required, description), or pasted
 * as JSON Schema when it says more than rows can (nested objects, enums, limits). No fields: the
 * model answers in free text. The compiler checks the schema and names the field at fault.
 */
import { useState } from "react";
import { fieldsFromSchema, FIELD_TYPES, schemaFromFields, type OutputField } from "@/lib/agent/output-schema";
import { FieldRowsEditor } from "./field-rows-editor";
import { JsonInput } from "./json-input";
import type { ValueInputProps } from "./value-input-props";
import "./row-editors.css";

export function OutputSchemaEditor({ id, testId, value, invalid, onChange }: ValueInputProps) {
  const fields = fieldsFromSchema(value);
  const [asJson, setAsJson] = useState(fields === undefined);
  const showJson = asJson || fields === undefined;
  return (
    <div className="output-schema" data-testid={`${testId}-editor`}>
      <div className="output-schema-modes" role="group" aria-label="Edit the schema as">
        <button
          type="button"
          className="row-editor-mode output-schema-mode"
          aria-pressed={!showJson}
          disabled={fields === undefined}
          title={fields === undefined ? "This schema says more than fields can: edit it as JSON" : undefined}
          onClick={() => setAsJson(false)}
          data-testid={`${testId}-fields-mode`}
        >
          Fields
        </button>
        <button
          type="button"
          className="row-editor-mode output-schema-mode"
          aria-pressed={showJson}
          onClick={() => setAsJson(true)}
          data-testid={`${testId}-json-mode`}
        >
          JSON Schema
        </button>
      </div>
      {showJson ? (
        <JsonInput
          id={id}
          testId={testId}
          value={value}
          invalid={invalid}
          placeholder='{ "type": "object", "properties": { "city": { "type": "string" } }, "required": ["city"] }'
          onChange={onChange}
        />
      ) : (
        <FieldRowsEditor<OutputField>
          id={id}
          testId={testId}
          rows={fields ?? []}
          types={FIELD_TYPES}
          emptyText="No fields: the model answers in free text."
          descriptionPlaceholder="What it holds (the model reads this)"
          newRow={(index) => ({ name: `field${index + 1}`, type: "string", required: true, description: "" })}
          onChange={(rows) => onChange(rows.length === 0 ? undefined : schemaFromFields(rows))}
        />
      )}
    </div>
  );
}
