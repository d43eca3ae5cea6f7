/**
 * Loop over items: calls the tool-mode node wired into its tools handle once per item of a list
 * (an HTTP Request, Code, an MCP tool — or a whole workflow through a Workflow Tool), a few at a
 * time, and hands on the results in the items' order. Each finished item is a checkpoint: a loop
 * whose worker died resumes after the items already done, reusing the calls the gateway completed
 * for it (an item's call has the same id in every attempt). An item's failure fails the loop or is
 * collected, as set.
 */
import { z } from "zod";
import { connectNodeTools, toolResultData } from "../agent/node-tools";
import { renderTemplate } from "../workflow/template";
import { mayHaveRunMessage } from "../agent/resumed-conversation";
import { defineComponent, type NodeCheckpoints, type RecordedConversation } from "./types";

type Outcome = { ok: boolean; result?: unknown; error?: string };

/** The arguments for one item: `{{item}}` and `{{index}}` (and `{{item.field}}`) filled in. */
function argsFor(template: Record<string, unknown>, item: unknown, index: number): Record<string, unknown> {
  return renderTemplate(template, (reference) => {
    if (reference.node === "index") return index;
    if (reference.node !== "item") return undefined;
    return reference.path.reduce<unknown>(
      (value, key) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined),
      item,
    );
  }) as Record<string, unknown>;
}

const noCheckpoints: NodeCheckpoints = {
  load: async () => new Map(),
  save: () => undefined,
  loadConversation: async () => ({
    steps: [],
    completedCalls: new Map(),
    startedCalls: new Set(),
    maySendAgain: async () => false,
  }),
};

/**
 * An item's call as the records of an earlier attempt left it: completed (its result, not called
 * again), cut off mid-way by the worker's death (an error unless its tool may be sent again), or
 * not made (undefined: call it).
 */
async function fromRecords(recorded: RecordedConversation, callId: string, toolName: string) {
  const completed = recorded.completedCalls.get(callId);
  if (completed) {
    const text = typeof completed.result === "string" ? completed.result : JSON.stringify(completed.result ?? null);
    return { text, isError: completed.isError, structured: undefined };
  }
  if (!recorded.startedCalls.has(callId) || (await recorded.maySendAgain(toolName))) return undefined;
  return { text: mayHaveRunMessage(toolName), isError: true, structured: undefined };
}

export const loop = defineComponent({
  id: "core.loop",
  label: "Loop",
  category: "Flow",
  icon: "repeat",
  description: "Calls the wired tool once for each item of a list, a few at a time, and collects the results in order.",
  inputs: [{ name: "items", label: "Items", schema: { type: "array" } }],
  outputs: [
    { name: "results", label: "Results", schema: { type: "array" } },
    { name: "errors", label: "Errors", schema: { type: "array" } },
  ],
  acceptsTools: true,
  requiresTool: true,
  fields: [
    {
      name: "tool",
      label: "Tool",
      kind: "wired-tool",
      placeholder: "run_code",
      help: "Which tool of the wired source to call for each item. Leave empty when it has a single tool.",
    },
    {
      name: "args",
      label: "Arguments per item",
      kind: "json",
      placeholder: '{ "input": "{{item}}" }',
      help: "{{item}} is the item ({{item.name}} a field of it), {{index}} its position from 0.",
    },
    { name: "concurrency", label: "At once", kind: "number" },
    {
      name: "onError",
      label: "When an item fails",
      kind: "select",
      options: [
        { value: "fail", label: "Fail the loop" },
        { value: "collect", label: "Collect the error and go on" },
      ],
    },
  ],
  params: z.object({
    items: z.array(z.unknown(), "items: the loop needs a list (a JSON array) on its Items input").default([]),
    tool: z.string().default(""),
    args: z.record(z.string(), z.unknown()).default({ input: "{{item}}" }),
    concurrency: z.number().int().min(1).max(32).default(4),
    onError: z.enum(["fail", "collect"]).default("fail"),
  }),
  // All it does is call its wired tool, which decides whether repeating it is harmless (lib/runs/repeat-safety.ts);
  // resumed, it skips the items it finished and reuses the calls the gateway completed.
  harmlessToRepeat: true,
  resumableFromRecords: true,
  async execute(ctx) {
    const { params, signal } = ctx;
    const checkpoints = ctx.checkpoints ?? noCheckpoints;
    const outcomes = await checkpoints.load();
    const recorded = await checkpoints.loadConversation();
    const tools = await connectNodeTools(ctx);
    try {
      const toolName = params.tool.trim() || (tools.toolNames.length === 1 ? tools.toolNames[0] : "");
      if (!toolName || !tools.toolNames.includes(toolName)) {
        throw new Error(`tool: name one of the wired tools (${tools.toolNames.join(", ") || "none"})`);
      }
      let next = 0;
      const work = async () => {
        for (let index = next++; index < params.items.length; index = next++) {
          if (outcomes.has(index)) continue; // done before the worker stopped
          signal.throwIfAborted();
          const callId = `item-${index}`; // the same call in every attempt: the gateway's record of it is found again
          const { text, isError, structured } =
            (await fromRecords(recorded, `${ctx.nodeId}:${callId}`, toolName)) ??
            (await tools.callTool(toolName, argsFor(params.args, params.items[index], index), {
              callId,
              signal,
              meta: { item: index }, // the run view names the item on the call's card
            }));
          const outcome: Outcome = isError
            ? { ok: false, error: text }
            : { ok: true, result: toolResultData(text, structured) };
          if (!outcome.ok && params.onError === "fail")
            throw new Error(`item ${index + 1} of ${params.items.length}: ${toolName} failed: ${text}`);
          outcomes.set(index, outcome);
          checkpoints.save(index, outcome);
        }
      };
      await Promise.all(Array.from({ length: Math.min(params.concurrency, params.items.length) }, work));
      const ordered = params.items.map((_, index) => outcomes.get(index)!);
      return {
        results: ordered.map((outcome) => (outcome.ok ? outcome.result : null)),
        errors: ordered.flatMap((outcome, index) => (outcome.ok ? [] : [{ index, error: outcome.error }])),
      };
    } finally {
      await tools.close();
    }
  },
});
