/**
 * Loop over items: calls the tool-mode node wired into its tools handle once per item of a list
 * (an HTTP Request, Code, an MCP tool — or a whole workflow through a Workflow Tool), a few at a
 * time, and hands on the results in the items' order. Each finished item is a checkpoint: a loop
 * whose worker died resumes after the items already done. An item's failure fails the loop or is
 * collected, as set.
 */
import { z } from "zod";
import { connectNodeTools, toolResultData } from "../agent/node-tools";
import { renderTemplate } from "../workflow/template";
import { defineComponent, type NodeCheckpoints } from "./types";

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

const noCheckpoints: NodeCheckpoints = { load: async () => new Map(), save: () => undefined };

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
  retrySafe: true,
  async execute(ctx) {
    const { params, signal } = ctx;
    const checkpoints = ctx.checkpoints ?? noCheckpoints;
    const outcomes = await checkpoints.load();
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
          const { text, isError, structured } = await tools.callTool(
            toolName,
            argsFor(params.args, params.items[index], index),
            { signal, meta: { item: index } }, // the run view names the item on the call's card
          );
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
