/** Transform: shapes data — an object built from templates, or a JSONata expression over the input. */
import { z } from "zod";
import { defineComponent } from "./types";

export const transform = defineComponent({
  id: "core.transform",
  label: "Transform",
  category: "Data",
  icon: "shuffle",
  description:
    "Builds a new value: an object whose strings may hold {{placeholders}}, or a JSONata expression over the input.",
  inputs: [{ name: "input", label: "Input" }],
  outputs: [{ name: "result", label: "Result" }],
  fields: [
    {
      name: "mode",
      label: "Build with",
      kind: "select",
      options: [
        { value: "template", label: "A template object" },
        { value: "jsonata", label: "A JSONata expression" },
      ],
    },
    {
      name: "template",
      label: "Template",
      kind: "json",
      templated: true,
      placeholder: '{ "summary": "{{agent.text}}", "source": "{{input}}" }',
      visibleWhen: { param: "mode", equals: "template" },
    },
    {
      name: "expression",
      label: "JSONata expression",
      kind: "textarea",
      placeholder: '{ "total": $sum(items.price) }',
      help: "Over the input; $input and $run are bound too.",
      visibleWhen: { param: "mode", equals: "jsonata" },
    },
  ],
  params: z.object({
    input: z.unknown().optional(),
    mode: z.enum(["template", "jsonata"]).default("template"),
    template: z.unknown().default({ value: "{{input}}" }),
    expression: z.string().default(""),
  }),
  harmlessToRepeat: true,
  pure: true,
  async execute({ params, runInput, signal }) {
    if (params.mode === "template") return { result: params.template ?? null };
    if (!params.expression.trim()) throw new Error("expression: write a JSONata expression, or build with a template");
    // Loaded on first use: the evaluation boxes stay out of processes that never evaluate.
    const { evaluateExpression } = await import("../flow/evaluate-expression");
    return { result: (await evaluateExpression(params.expression, params.input, runInput, signal)) ?? null };
  },
});
