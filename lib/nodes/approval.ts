/**
 * Approval step: the run stops and asks a person — in the run view, or through a one-time link
 * that needs no account — to approve or reject its input, optionally editing it first. The run is
 * suspended meanwhile (no worker holds it). Approved, the (edited) value goes down `approved`;
 * rejected, down `rejected`; when nobody decides in time, down the branch the node names.
 */
import { z } from "zod";
import { defineComponent, type WaitOutcome } from "./types";
import { MAX_WAIT_MINUTES, notifyUrlParam } from "./wait-params";

const Decision = z.object({
  decision: z.enum(["approved", "rejected"]),
  value: z.unknown().optional(),
  comment: z.string().optional(),
});

export const approval = defineComponent({
  id: "core.approval",
  label: "Approval",
  category: "Flow",
  icon: "shield-check",
  description:
    "Asks a person to approve or reject (and optionally edit) its input, in the run view or through a one-time " +
    "link. The run holds no worker while it waits.",
  inputs: [{ name: "input", label: "Value" }],
  outputs: [
    { name: "approved", label: "Approved" },
    { name: "rejected", label: "Rejected" },
  ],
  fields: [
    {
      name: "message",
      label: "Question",
      kind: "template",
      placeholder: "Send this reply to the customer? {{input}}",
    },
    { name: "allowEdit", label: "The person may edit the value", kind: "boolean" },
    {
      name: "timeoutMinutes",
      label: "Decide within (minutes)",
      kind: "number",
      help: "0: wait for as long as it takes (up to 30 days).",
    },
    {
      name: "onTimeout",
      label: "When nobody decides in time",
      kind: "select",
      options: [
        { value: "rejected", label: "Take the Rejected branch" },
        { value: "approved", label: "Take the Approved branch" },
      ],
    },
    {
      name: "notifyUrl",
      label: "Send the one-time link to (URL)",
      kind: "text",
      placeholder: "https://hooks.example.com/approvals",
      help:
        "Gets a POST with the question, the value and approvalUrl: a page where anyone holding the link " +
        "decides once.",
    },
  ],
  params: z.object({
    input: z.unknown().optional(),
    message: z.string().default("Approve {{input}}?"),
    allowEdit: z.boolean().default(true),
    timeoutMinutes: z
      .number()
      .min(0, "timeoutMinutes: must not be negative")
      .max(MAX_WAIT_MINUTES, "timeoutMinutes: at most 30 days")
      .default(0),
    onTimeout: z.enum(["approved", "rejected"]).default("rejected"),
    notifyUrl: notifyUrlParam,
  }),
  branches: true,
  harmlessToRepeat: true,
  async execute({ params, waits, runId, nodeId }) {
    if (!waits) throw new Error("An Approval step cannot run as a tool");
    const value = params.input ?? null;
    const until = params.timeoutMinutes > 0 ? new Date(Date.now() + params.timeoutMinutes * 60_000) : undefined;
    const detail = { message: params.message, value, allowEdit: params.allowEdit, onTimeout: params.onTimeout };
    const opened = await waits.open({ kind: "approval", until, detail });
    if (opened.outcome) return branchOf(opened.outcome, value, params.onTimeout);
    const { notifyUrl, message } = params;
    if (notifyUrl)
      await waits.handOut(() =>
        waits.notify(notifyUrl, { runId, nodeId, message, value, approvalUrl: opened.pageUrl }),
      );
    return waits.suspend();
  },
});

function branchOf(outcome: WaitOutcome, value: unknown, onTimeout: "approved" | "rejected") {
  if (outcome.timedOut) return { [onTimeout]: value };
  const decided = Decision.parse(outcome.value);
  return { [decided.decision]: decided.value === undefined ? value : decided.value };
}
