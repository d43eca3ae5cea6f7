/**
 * Wait: holds its input for a while, then hands it on (a cancel ends the wait at once). As a tool, an agent can give
 * something time to happen.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { defineComponent } from "./types";

export const wait = defineComponent({
  id: "core.wait",
  label: "Wait",
  category: "Flow",
  icon: "hourglass",
  description: "Waits for a number of seconds, then hands its input on unchanged.",
  inputs: [
    { name: "input", label: "Input" },
    {
      name: "seconds",
      label: "Seconds",
      schema: { type: "number", minimum: 0, maximum: 3600, description: "How many seconds to wait" },
    },
  ],
  outputs: [{ name: "output", label: "Output" }],
  fields: [{ name: "seconds", label: "Seconds", kind: "number" }],
  tool: {
    name: "wait",
    description: "Waits for a number of seconds before answering, to give something time to happen.",
    agentInputs: ["seconds"],
  },
  params: z.object({ input: z.unknown().optional(), seconds: z.number().min(0).max(3600).default(1) }),
  retrySafe: true,
  async execute({ params, signal }) {
    await sleep(params.seconds * 1000, undefined, { signal });
    return { output: params.input ?? null };
  },
});
