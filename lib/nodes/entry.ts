/** Entry (the manual trigger): where the input of a run started with Run or through the API enters the graph. */
import { z } from "zod";
import { InputFields } from "../workflow/run-input-schema";
import { defineComponent } from "./types";

export const entry = defineComponent({
  id: "core.entry",
  label: "Entry",
  category: "Flow",
  icon: "play",
  description: "Starts the workflow and hands on the input the run was started with.",
  inputs: [],
  outputs: [{ name: "output", label: "Run input" }],
  fields: [
    {
      name: "defaultInput",
      label: "Default input",
      kind: "textarea",
      placeholder: "Used when a run is started without input",
      help: "What the run receives when it is started without input (for example from the Run button).",
    },
    {
      name: "inputFields",
      label: "Input fields",
      kind: "input-fields",
      help:
        "Ask for named inputs: the Run button shows a form, and the API refuses input that does not fit, naming " +
        "the field.",
    },
  ],
  params: z.object({ defaultInput: z.string().default(""), inputFields: InputFields.default([]) }),
  trigger: "manual",
  harmlessToRepeat: true,
  pure: true,
  async execute({ runInput, params }) {
    const given = runInput === undefined || runInput === null || runInput === "" ? undefined : runInput;
    return { output: given ?? params.defaultInput };
  },
});
