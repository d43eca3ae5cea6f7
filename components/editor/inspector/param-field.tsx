"use client";
/** One param input, chosen by the field's kind. Every input carries data-testid `param-${name}`. */
import { useMemo, type ComponentType } from "react";
import type { ParamField as ParamFieldMeta } from "@/lib/nodes/types";
import { cx } from "@/components/ui/class-names";
import { useEditorStore } from "../editor-store-context";
import { templateSuggestions } from "../upstream-outputs";
import { wiredToolNames } from "../wired-tools";
import { InputFieldsEditor } from "./input-fields-editor";
import { JsonInput } from "./json-input";
import { KeyValueRows } from "./key-value-rows";
import { ModelPicker } from "./model-picker";
import { NumberInput } from "./number-input";
import { OutputSchemaEditor } from "./output-schema-editor";
import { SecretInput } from "./secret-input";
import { StringListInput } from "./string-list-input";
import { SuggestedTextInput, type SuggestedTextInputProps, type TextFieldProps } from "./suggested-text-input";
import { TemplateInput } from "./template-input";
import type { ValueInputProps } from "./value-input-props";
import { WorkflowRefInput } from "./workflow-ref-input";

type ParamFieldProps = {
  nodeId: string;
  field: ParamFieldMeta;
  value: unknown;
  onChange: (value: unknown) => void;
  /** A compile problem about this field. */
  problem?: string;
  /** Why the value may come from elsewhere (a connection, the agent). */
  note?: string;
};

/** The kinds whose input takes just the value (ValueInputProps). */
const VALUE_INPUTS: Partial<Record<ParamFieldMeta["kind"], ComponentType<ValueInputProps>>> = {
  number: NumberInput,
  json: JsonInput,
  "string-list": StringListInput,
  "key-value": KeyValueRows,
  "output-schema": OutputSchemaEditor,
};

export function ParamField({ nodeId, field, value, onChange, problem, note }: ParamFieldProps) {
  const id = `field-${nodeId}-${field.name}`;
  return (
    <div className={cx("field", field.kind === "boolean" && "field-inline")}>
      <label htmlFor={id} className="field-label">
        {field.label}
        {field.required && (
          <span className="field-required" aria-label="required">
            *
          </span>
        )}
      </label>
      <FieldInput
        nodeId={nodeId}
        id={id}
        testId={`param-${field.name}`}
        field={field}
        value={value}
        invalid={Boolean(problem)}
        onChange={onChange}
      />
      {note && <p className="field-note">{note}</p>}
      {problem && <p className="field-error">{problem}</p>}
      {field.help && <p className="field-help">{field.help}</p>}
    </div>
  );
}

type FieldInputProps = {
  nodeId: string;
  id: string;
  testId: string;
  field: ParamFieldMeta;
  value: unknown;
  invalid: boolean;
  onChange: (value: unknown) => void;
};

function FieldInput(props: FieldInputProps) {
  const { nodeId, id, testId, field, value, invalid, onChange } = props;
  const ValueInput = VALUE_INPUTS[field.kind];
  if (ValueInput) {
    const valueProps = { id, testId, value, placeholder: field.placeholder, invalid, onChange };
    return <ValueInput {...valueProps} />;
  }
  const textProps = { nodeId, id, testId, field, value: asText(value), invalid, onChange };
  switch (field.kind) {
    case "textarea":
      return (
        <textarea
          id={id}
          data-testid={testId}
          className="input textarea"
          rows={4}
          placeholder={field.placeholder}
          value={asText(value)}
          aria-invalid={invalid}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case "prompt":
    case "template":
      return <UpstreamTemplateInput {...textProps} />;
    case "boolean":
      return (
        <input
          id={id}
          data-testid={testId}
          className="switch"
          type="checkbox"
          role="switch"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
    case "select":
      return <SelectInput {...props} />;
    case "secret":
      return <SecretInput id={id} testId={testId} value={value} invalid={invalid} onChange={onChange} />;
    case "input-fields":
      return <InputFieldsEditor id={id} testId={testId} value={value} onChange={onChange} />;
    case "workflow-ref":
      return <WorkflowRefInput id={id} testId={testId} value={asText(value)} invalid={invalid} onChange={onChange} />;
    case "wired-tool":
      return <WiredToolInput {...textProps} />;
    default:
      if (field.listsModels) return <ModelPicker {...textProps} />;
      // Options on a text field are suggestions: any other value may be typed.
      return <SuggestedTextInput {...textProps} suggestions={field.options?.map((o) => o.value)} />;
  }
}

/** A value the options do not hold (an older one, or none yet) stays shown rather than silently replaced. */
function SelectInput({ id, testId, field, value, invalid, onChange }: FieldInputProps) {
  return (
    <select
      id={id}
      data-testid={testId}
      className="input select"
      value={asText(value)}
      aria-invalid={invalid}
      onChange={(e) => onChange(e.target.value)}
    >
      {!field.options?.some((o) => o.value === value) && (
        <option value={asText(value)}>{asText(value) || "Choose…"}</option>
      )}
      {field.options?.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

type UpstreamTemplateInputProps = TextFieldProps & { nodeId: string };

/** Prompts and templates both complete `{{nodeLabel.output}}` from upstream nodes; a prompt gets more room. */
function UpstreamTemplateInput({ nodeId, field, ...props }: UpstreamTemplateInputProps) {
  const { nodes, edges, lookup } = useEditorStore((state) => ({
    nodes: state.nodes,
    edges: state.edges,
    lookup: state.lookup,
  }));
  const suggestions = useMemo(() => templateSuggestions(nodeId, nodes, edges, lookup), [nodeId, nodes, edges, lookup]);
  return (
    <TemplateInput
      {...props}
      placeholder={field.placeholder}
      rows={field.kind === "prompt" ? 7 : 4}
      suggestions={suggestions}
    />
  );
}

/** A tool name, suggested from the nodes wired into this node's `tools` handle. */
function WiredToolInput({ nodeId, ...props }: Omit<SuggestedTextInputProps, "suggestions"> & { nodeId: string }) {
  const { nodes, edges, lookup } = useEditorStore((state) => ({
    nodes: state.nodes,
    edges: state.edges,
    lookup: state.lookup,
  }));
  const suggestions = useMemo(() => wiredToolNames(nodeId, nodes, edges, lookup), [nodeId, nodes, edges, lookup]);
  return <SuggestedTextInput {...props} suggestions={suggestions} />;
}

function asText(value: unknown): string {
  return value === undefined || value === null ? "" : String(value);
}
