/**
 * Webhook trigger: a URL per trigger node (POST /api/hooks/{workflowId}/{nodeId}); the JSON body is
 * the run's input. Callers prove themselves with the trigger's secret (X-Webhook-Secret header) or
 * an API key; the answer is the run id at once, or the run's output when it ends (lib/triggers).
 */
import { z } from "zod";
import { defineComponent } from "./types";

export const webhookTrigger = defineComponent({
  id: "trigger.webhook",
  label: "Webhook",
  category: "Flow",
  icon: "webhook",
  description: "Starts the workflow when something POSTs JSON to its URL; the body is the run's input.",
  inputs: [],
  outputs: [{ name: "output", label: "Request body" }],
  fields: [
    { name: "enabled", label: "Enabled", kind: "boolean", help: "A disabled webhook answers 409 and starts nothing." },
    {
      name: "respond",
      label: "Answer",
      kind: "select",
      options: [
        { value: "immediately", label: "At once, with the run id (202)" },
        { value: "when-done", label: "When the run ends, with its output" },
      ],
    },
    {
      name: "waitSeconds",
      label: "Wait at most (seconds)",
      kind: "number",
      visibleWhen: { param: "respond", equals: "when-done" },
    },
    {
      name: "secret",
      label: "Secret",
      kind: "secret",
      help: "Callers send it in the X-Webhook-Secret header. Without one, only API keys (editor or admin) may call.",
    },
  ],
  params: z.object({
    enabled: z.boolean().default(true),
    respond: z.enum(["immediately", "when-done"]).default("immediately"),
    waitSeconds: z.number().int().min(1).max(300).default(30),
    secret: z.unknown().optional(),
  }),
  trigger: "webhook",
  harmlessToRepeat: true,
  pure: true,
  async execute({ runInput }) {
    return { output: runInput ?? null };
  },
});
