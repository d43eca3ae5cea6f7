/**
 * Ready-made evaluators to start from on the Start evaluation form, one per kind, as the API takes them
 * (lib/evaluations/evaluators/kinds.ts). Text settings may quote the row: {{expected.x}}, {{input}}. Pure.
 */
export type EvaluatorTemplate = { kind: string; label: string; settings: (modelNodeId?: string) => object };

export const EVALUATOR_TEMPLATES: EvaluatorTemplate[] = [
  { kind: "contains", label: "Output contains the expected output", settings: () => ({ kind: "contains" }) },
  { kind: "exact", label: "Output is exactly the expected output", settings: () => ({ kind: "exact" }) },
  { kind: "regex", label: "Output matches a pattern", settings: () => ({ kind: "regex", pattern: "\\d+" }) },
  {
    kind: "jsonSchema",
    label: "Output fits a JSON Schema",
    settings: () => ({ kind: "jsonSchema", schema: { type: "object" } }),
  },
  { kind: "toolCalled", label: "A tool was called", settings: () => ({ kind: "toolCalled", tool: "tool_name" }) },
  {
    kind: "toolNotCalled",
    label: "A tool was not called",
    settings: () => ({ kind: "toolNotCalled", tool: "tool_name" }),
  },
  {
    kind: "toolArgs",
    label: "A tool's argument matches",
    settings: () => ({ kind: "toolArgs", tool: "tool_name", argument: "query", pattern: "{{expected.query}}" }),
  },
  { kind: "maxToolCalls", label: "At most N tool calls", settings: () => ({ kind: "maxToolCalls", max: 3 }) },
  { kind: "maxCost", label: "Costs at most $X", settings: () => ({ kind: "maxCost", usd: 0.01 }) },
  { kind: "maxLatency", label: "Takes at most N ms", settings: () => ({ kind: "maxLatency", ms: 30_000 }) },
  {
    kind: "llmJudge",
    label: "LLM judge with a rubric",
    settings: (modelNodeId) => ({
      kind: "llmJudge",
      rubric: "The answer is correct, complete and polite.",
      passAt: 0.7,
      ...(modelNodeId
        ? { modelNode: modelNodeId }
        : { model: { provider: "openai-compatible", model: "gpt-4o-mini" } }),
    }),
  },
];

/** What a new evaluation starts from when the dataset has never been evaluated. */
export const DEFAULT_EVALUATORS = [{ kind: "contains" }];

/** The evaluators' JSON with one more, or the text as it was when it is not a JSON list. */
export function withEvaluator(text: string, evaluator: object): string {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    return text;
  }
  return Array.isArray(list) ? JSON.stringify([...list, evaluator], null, 2) : text;
}
