/** If: sends its input down the `true` or the `false` branch; what hangs off the other branch is skipped. */
import { z } from "zod";
import { CONDITION_OPERATORS, CONDITION_OPERATOR_VALUES } from "../flow/condition";
import { defineComponent } from "./types";

export const ifNode = defineComponent({
  id: "core.if",
  label: "If",
  category: "Flow",
  icon: "git-branch",
  description: "Tests a condition and sends its input down the true or the false branch; the other branch is skipped.",
  inputs: [{ name: "input", label: "Input" }],
  outputs: [
    { name: "true", label: "True" },
    { name: "false", label: "False" },
  ],
  fields: [
    {
      name: "value",
      label: "Value to test",
      kind: "text",
      templated: true,
      placeholder: "{{input}} or {{agent.text}}",
      help: "Usually a placeholder: {{input}} is what arrives at this node.",
    },
    {
      name: "operator",
      label: "Operator",
      kind: "select",
      options: CONDITION_OPERATORS.map(({ value, label }) => ({ value, label })),
    },
    {
      name: "compareTo",
      label: "Compare with",
      kind: "text",
      placeholder: "ALERT",
      help: "Not used by exists, is empty, is true and is false.",
    },
    {
      name: "expression",
      label: "Or a JSONata expression",
      kind: "textarea",
      placeholder: "$contains(text, 'ALERT') and priority > 2",
      help: "When set, decides instead of the fields above, over the input ($input, $run).",
    },
  ],
  params: z.object({
    input: z.unknown().optional(),
    value: z.unknown().default("{{input}}"),
    operator: z.enum(CONDITION_OPERATOR_VALUES).default("contains"),
    compareTo: z.string().default(""),
    expression: z.string().default(""),
  }),
  branches: true,
  harmlessToRepeat: true,
  pure: true,
  async execute({ params, runInput, signal }) {
    // Loaded on first use: the evaluation boxes stay out of processes that never evaluate.
    const [{ evaluateExpression }, { decideCondition }] = await Promise.all([
      import("../flow/evaluate-expression"),
      import("../flow/decide-condition"),
    ]);
    const holds = params.expression.trim()
      ? Boolean(await evaluateExpression(params.expression, params.input, runInput, signal))
      : await decideCondition({ value: params.value, operator: params.operator, compareTo: params.compareTo }, signal);
    // null, not undefined: the taken port must survive the event log's JSON.
    return { [holds ? "true" : "false"]: params.input ?? null };
  },
});
