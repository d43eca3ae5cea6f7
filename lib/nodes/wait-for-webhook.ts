/**
 * Wait for webhook: the run gives out a one-time resume URL and waits — suspended, holding no
 * worker — until something POSTs JSON to it; the body is the node's output. The URL is handed to a
 * notify URL when the wait begins, and editors see it in the run view; it works once.
 */
import { z } from "zod";
import { defineComponent } from "./types";
import { MAX_WAIT_MINUTES, notifyUrlParam } from "./wait-params";

export const waitForWebhook = defineComponent({
  id: "core.wait.webhook",
  label: "Wait for webhook",
  category: "Flow",
  icon: "webhook",
  description:
    "Gives out a one-time resume URL and waits until something POSTs to it; the posted body goes on. " +
    "The run holds no worker meanwhile.",
  inputs: [{ name: "input", label: "Input" }],
  outputs: [{ name: "body", label: "Posted body" }],
  fields: [
    {
      name: "timeoutMinutes",
      label: "Wait at most (minutes)",
      kind: "number",
      help: "0: as long as it takes (up to 30 days). Past it the node fails (its On error setting applies).",
    },
    {
      name: "notifyUrl",
      label: "Send the resume URL to (URL)",
      kind: "text",
      placeholder: "https://service.example.com/callbacks",
      help: "Gets a POST with resumeUrl and this node's input when the wait begins.",
    },
  ],
  params: z.object({
    input: z.unknown().optional(),
    timeoutMinutes: z
      .number()
      .min(0, "timeoutMinutes: must not be negative")
      .max(MAX_WAIT_MINUTES, "timeoutMinutes: at most 30 days")
      .default(0),
    notifyUrl: notifyUrlParam,
  }),
  harmlessToRepeat: true,
  async execute({ params, waits, runId, nodeId, label }) {
    if (!waits) throw new Error("Wait for webhook cannot run as a tool");
    const until = params.timeoutMinutes > 0 ? new Date(Date.now() + params.timeoutMinutes * 60_000) : undefined;
    const opened = await waits.open({ kind: "webhook", until, detail: { timeoutMinutes: params.timeoutMinutes } });
    if (opened.outcome?.timedOut)
      throw new Error(`"${label}": nothing was posted to its resume URL within ${params.timeoutMinutes} minutes`);
    if (opened.outcome) return { body: opened.outcome.value };
    const { notifyUrl } = params;
    if (notifyUrl)
      await waits.handOut(() =>
        waits.notify(notifyUrl, { runId, nodeId, resumeUrl: opened.resumeUrl, input: params.input ?? null }),
      );
    return waits.suspend();
  },
});
