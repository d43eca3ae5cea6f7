"use client";
/**
 * Edits the Entry's input fields (name, type, required, description): what the Run form asks for and the API checks.
 */
import type { InputField } from "@/lib/workflow/run-input-schema";
import { INPUT_FIELD_TYPES } from "@/lib/workflow/constants";
import { FieldRowsEditor } from "./field-rows-editor";

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
  return (
    <FieldRowsEditor<Row>
      id={id}
      testId={testId}
      rows={Array.isArray(value) ? (value as Row[]) : []}
      types={INPUT_FIELD_TYPES}
      emptyText="No fields: a run takes any input (text or JSON)."
      descriptionPlaceholder="What it is (shown in the Run form)"
      newRow={(index) => ({ name: `field${index + 1}`, type: "string", required: false, description: "" })}
      onChange={onChange}
    />
  );
}
