/** Wait: holds its input for a while, then hands it on (a cancel ends the wait at once). */
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { defineComponent } from "./types";

export const wait = defineComponent({
  id: "core.wait",
  label: "Wait",
  category: "Flow",
  icon: "hourglass",
  description: "Waits for a number of seconds, then hands its input on unchanged.",
  inputs: [{ name: "input", label: "Input" }],
  outputs: [{ name: "output", label: "Output" }],
  fields: [{ name: "seconds", label: "Seconds", kind: "number" }],
  params: z.object({ input: z.unknown().optional(), seconds: z.number().min(0).max(3600).default(1) }),
  retrySafe: true,
  async execute({ params, signal }) {
    await sleep(params.seconds * 1000, undefined, { signal });
    return { output: params.input ?? null };
  },
});
