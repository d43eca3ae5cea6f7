/**
 * The evaluator editor's table: for each evaluator kind the API takes (lib/evaluations/evaluators/kinds.ts), its label
 * in the Add menu, its group, the fields of its small form, and the settings a new one starts with. The editor draws
 * every kind from this table; adding a kind is adding a row here. Pure.
 */
import type { EvaluatorKind } from "@/lib/evaluations/evaluators/kinds";

export type FieldType = "text" | "textarea" | "number" | "checkbox" | "json" | "modelNode";

export type FieldSpec = {
  /** The setting's key in the evaluator's JSON. */
  key: string;
  label: string;
  type: FieldType;
  /** Left empty, the setting is left out (and its default applies). */
  optional?: boolean;
  placeholder?: string;
  /** The step of a number field. */
  step?: string;
  hint?: string;
};

export type KindSpec = {
  label: string;
  group: "Output" | "Tool calls" | "Cost and latency" | "Judge";
  fields: FieldSpec[];
  /** A new evaluator's settings; a judge borrows the workflow's first model node when it has one. */
  starts: (modelNodeId?: string) => Record<string, unknown>;
};

const ROW_HINT = "May quote the row: {{expected.output}}, {{expected.city}}, {{input}}";
const expectedText: FieldSpec = {
  key: "value",
  label: "Expected text",
  type: "text",
  optional: true,
  placeholder: "{{expected.output}}",
  hint: `${ROW_HINT}. Empty: the row's expected output.`,
};
const ignoreCase: FieldSpec = { key: "ignoreCase", label: "Ignore case", type: "checkbox" };
const tool: FieldSpec = { key: "tool", label: "Tool", type: "text", placeholder: "weather" };

export const KINDS: Record<EvaluatorKind, KindSpec> = {
  exact: {
    label: "Output is exactly",
    group: "Output",
    fields: [expectedText, ignoreCase],
    starts: () => ({ kind: "exact" }),
  },
  contains: {
    label: "Output contains",
    group: "Output",
    fields: [expectedText, ignoreCase],
    starts: () => ({ kind: "contains" }),
  },
  regex: {
    label: "Output matches a pattern",
    group: "Output",
    fields: [
      { key: "pattern", label: "Pattern", type: "text", placeholder: "\\d+ ?°C", hint: ROW_HINT },
      { key: "flags", label: "Flags", type: "text", optional: true, placeholder: "i, m, s or u" },
    ],
    starts: () => ({ kind: "regex", pattern: "" }),
  },
  jsonSchema: {
    label: "Output fits a JSON Schema",
    group: "Output",
    fields: [{ key: "schema", label: "JSON Schema", type: "json" }],
    starts: () => ({ kind: "jsonSchema", schema: { type: "object", properties: {}, required: [] } }),
  },
  toolCalled: { label: "Tool was called", group: "Tool calls", fields: [tool], starts: () => ({ kind: "toolCalled" }) },
  toolNotCalled: {
    label: "Tool was not called",
    group: "Tool calls",
    fields: [tool],
    starts: () => ({ kind: "toolNotCalled" }),
  },
  toolArgs: {
    label: "Tool called with arguments matching",
    group: "Tool calls",
    fields: [
      tool,
      { key: "argument", label: "Argument", type: "text", optional: true, hint: "Empty: all arguments, as JSON" },
      { key: "pattern", label: "Pattern", type: "text", placeholder: "{{expected.city}}", hint: ROW_HINT },
    ],
    starts: () => ({ kind: "toolArgs" }),
  },
  maxToolCalls: {
    label: "At most N tool calls",
    group: "Tool calls",
    fields: [
      { ...tool, optional: true, placeholder: "", hint: "Empty: every tool's calls" },
      { key: "max", label: "At most", type: "number", step: "1" },
    ],
    starts: () => ({ kind: "maxToolCalls", max: 3 }),
  },
  maxCost: {
    label: "Cost ceiling",
    group: "Cost and latency",
    fields: [{ key: "usd", label: "At most (USD)", type: "number", step: "0.0001" }],
    starts: () => ({ kind: "maxCost", usd: 0.01 }),
  },
  maxLatency: {
    label: "Latency ceiling",
    group: "Cost and latency",
    fields: [{ key: "ms", label: "At most (ms)", type: "number", step: "100" }],
    starts: () => ({ kind: "maxLatency", ms: 30_000 }),
  },
  llmJudge: {
    label: "LLM judge",
    group: "Judge",
    fields: [
      { key: "modelNode", label: "Model of node", type: "modelNode", optional: true },
      { key: "passAt", label: "Pass at score", type: "number", step: "0.05", hint: "From 0 to 1" },
      { key: "rubric", label: "Rubric", type: "textarea", placeholder: "The answer is correct, complete and polite." },
      {
        key: "model",
        label: "Model settings",
        type: "json",
        optional: true,
        hint: 'As an Agent node\'s: { "provider", "model", "baseUrl", "apiKey" }; override the node\'s',
      },
    ],
    starts: (modelNodeId) => ({
      kind: "llmJudge",
      rubric: "",
      passAt: 0.7,
      ...(modelNodeId
        ? { modelNode: modelNodeId }
        : { model: { provider: "openai-compatible", model: "gpt-4o-mini" } }),
    }),
  },
};

/** Every evaluator has an optional name, shown in the results instead of its kind. */
export const NAME_FIELD: FieldSpec = { key: "name", label: "Name", type: "text", optional: true };

export const GROUPS = ["Output", "Tool calls", "Cost and latency", "Judge"] as const;

export const isKind = (kind: unknown): kind is EvaluatorKind => typeof kind === "string" && Object.hasOwn(KINDS, kind);
