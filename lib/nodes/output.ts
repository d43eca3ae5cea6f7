/**
 * Output: names the run's output. With Output nodes in a workflow, the ones that ran are the result (and nothing else
 * is).
 */
import { z } from "zod";
import { defineComponent } from "./types";

export const output = defineComponent({
  id: "core.output",
  label: "Output",
  category: "Flow",
  icon: "file-output",
  description:
    "Makes its value the run's output. On a branch not taken it is skipped, so each branch can answer differently.",
  inputs: [{ name: "value", label: "Value" }],
  outputs: [],
  fields: [
    {
      name: "value",
      label: "Value",
      kind: "text",
      templated: true,
      placeholder: "{{agent.text}}",
      help: "Used when nothing is wired into the Value input.",
    },
  ],
  params: z.object({ value: z.unknown().optional() }),
  namesRunOutput: true,
  harmlessToRepeat: true,
  pure: true,
  async execute({ params }) {
    return { value: params.value ?? null };
  },
});
