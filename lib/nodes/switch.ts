/** Switch: sends its input down the first case that matches, or `default`; the other branches are skipped. */
import { z } from "zod";
import { CONDITION_OPERATORS, CONDITION_OPERATOR_VALUES } from "../flow/condition";
import { defineComponent } from "./types";

const CASES = ["case1", "case2", "case3"] as const;

export const switchNode = defineComponent({
  id: "core.switch",
  label: "Switch",
  category: "Flow",
  icon: "split",
  description:
    "Compares a value with up to three cases and sends the input down the first that matches, else down default.",
  inputs: [{ name: "input", label: "Input" }],
  outputs: [
    ...CASES.map((name, index) => ({ name, label: `Case ${index + 1}` })),
    { name: "default", label: "Default" },
  ],
  fields: [
    {
      name: "value",
      label: "Value to test",
      kind: "text",
      templated: true,
      placeholder: "{{input}} or {{agent.text}}",
    },
    {
      name: "operator",
      label: "Each case matches when the value",
      kind: "select",
      options: CONDITION_OPERATORS.map(({ value, label }) => ({ value, label })),
    },
    ...CASES.map((name, index) => ({
      name,
      label: `Case ${index + 1}`,
      kind: "text" as const,
      placeholder: index === 0 ? "billing" : "",
    })),
  ],
  params: z.object({
    input: z.unknown().optional(),
    value: z.unknown().default("{{input}}"),
    operator: z.enum(CONDITION_OPERATOR_VALUES).default("equals"),
    case1: z.string().default(""),
    case2: z.string().default(""),
    case3: z.string().default(""),
  }),
  branches: true,
  harmlessToRepeat: true,
  pure: true,
  async execute({ params, signal }) {
    // Loaded on first use: the evaluation boxes stay out of processes that never evaluate.
    const { decideCondition } = await import("../flow/decide-condition");
    let taken: (typeof CASES)[number] | "default" = "default";
    for (const name of CASES) {
      if (
        params[name] !== "" &&
        (await decideCondition({ value: params.value, operator: params.operator, compareTo: params[name] }, signal))
      ) {
        taken = name;
        break;
      }
    }
    return { [taken]: params.input ?? null };
  },
});
