/** Entry (the manual trigger): where the input of a run started with Run or through the API enters the graph. */
import { z } from "zod";
import { defineComponent } from "./types";

export const entry = defineComponent({
  id: "core.entry",
  label: "Entry",
  category: "Flow",
  icon: "play",
  description: "Starts the workflow and hands on the input the run was started with.",
  inputs: [],
  outputs: [{ name: "output", label: "Run input", schema: { type: "string" } }],
  fields: [
    {
      name: "defaultInput",
      label: "Default input",
      kind: "textarea",
      placeholder: "Used when a run is started without input",
      help: "What the run receives when it is started without input (for example from the Run button).",
    },
  ],
  params: z.object({ defaultInput: z.string().default("") }),
  trigger: "manual",
  retrySafe: true,
  async execute({ runInput, params }) {
    const given = runInput === undefined || runInput === null || runInput === "" ? undefined : runInput;
    return { output: given ?? params.defaultInput };
  },
});
