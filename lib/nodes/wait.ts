/**
 * Wait: holds its input for a while, then hands it on. A short wait sleeps in the worker (a cancel
 * ends it at once); a longer one suspends the run — no worker holds it, a durable wake-up brings it
 * back on any worker (lib/runs/node-waits.ts). As a tool, an agent can give something time to happen.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { defineComponent } from "./types";
import { MAX_WAIT_SECONDS, SUSPEND_WAITS_OVER_SECONDS } from "./wait-params";

/** A tool call waits inside the agent's turn, so an agent may ask for at most an hour. */
const MAX_TOOL_WAIT_SECONDS = 3600;

export const wait = defineComponent({
  id: "core.wait",
  label: "Wait",
  category: "Flow",
  icon: "hourglass",
  description:
    "Waits for a number of seconds, then hands its input on unchanged. " +
    "A long wait suspends the run: it holds no worker.",
  inputs: [
    { name: "input", label: "Input" },
    {
      name: "seconds",
      label: "Seconds",
      schema: { type: "number", minimum: 0, maximum: MAX_TOOL_WAIT_SECONDS, description: "How many seconds to wait" },
    },
  ],
  outputs: [{ name: "output", label: "Output" }],
  fields: [
    {
      name: "seconds",
      label: "Seconds",
      kind: "number",
      help:
        `Up to 30 days. Over ${SUSPEND_WAITS_OVER_SECONDS} s the run is suspended while it waits ` +
        "and resumes on any worker.",
    },
  ],
  tool: {
    name: "wait",
    description: "Waits for a number of seconds before answering, to give something time to happen.",
    agentInputs: ["seconds"],
  },
  params: z.object({
    input: z.unknown().optional(),
    seconds: z
      .number()
      .min(0, "seconds: must not be negative")
      .max(MAX_WAIT_SECONDS, "seconds: at most 30 days (2592000)")
      .default(1),
  }),
  harmlessToRepeat: true,
  async execute({ params, signal, waits }) {
    const output = { output: params.input ?? null };
    if (waits && params.seconds > SUSPEND_WAITS_OVER_SECONDS) {
      const until = new Date(Date.now() + params.seconds * 1000);
      const opened = await waits.open({ kind: "timer", until, detail: { seconds: params.seconds } });
      return opened.outcome ? output : waits.suspend();
    }
    if (params.seconds > MAX_TOOL_WAIT_SECONDS)
      throw new Error(`seconds: a tool waits at most ${MAX_TOOL_WAIT_SECONDS}`);
    await sleep(params.seconds * 1000, undefined, { signal });
    return output;
  },
});
