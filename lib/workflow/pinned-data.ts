/**
 * Pinned data: a node's output kept with the workflow (taken from a run or typed by hand), so test
 * runs from the editor use it instead of calling the node again — an API that costs money, a
 * webhook body that is hard to send twice. Only test runs read pins (lib/runs/partial-run.ts);
 * production runs (triggers, webhooks, schedules, MCP, outside chat, the API) never do. Pure.
 */
import { z } from "zod";
import type { ComponentMeta, NodeOutput } from "../nodes/types";
import type { WorkflowGraph } from "./graph";

/** A pin larger than this (as JSON) is refused: it travels with every save of the workflow. */
export const MAX_PIN_CHARS = 256_000;

export const PinnedData = z.object({
  /** The node's output as a run would hand it on: its output ports by name. */
  output: z.record(z.string(), z.unknown()),
  /** Where it came from: a run's output (with the run's id) or typed by hand. */
  source: z.enum(["run", "typed"]).default("typed"),
  runId: z.string().max(100).optional(),
  pinnedAt: z.string().max(40).optional(),
});
export type PinnedData = z.infer<typeof PinnedData>;

type PinnableNode = Pick<WorkflowGraph["nodes"][number], "id" | "type" | "data">;

/** Why the node's pin cannot be kept, naming the node, or null when it has none or it is fine. */
export function pinProblem(node: PinnableNode, lookup: (type: string) => ComponentMeta | undefined): string | null {
  const pinned = node.data.pinned;
  if (!pinned) return null;
  const who = `Node "${node.data.label || node.type}" (${node.id}) pinned data`;
  if (node.data.mode === "tool") return `${who}: a tool-mode node hands nothing on, so it cannot be pinned`;
  const component = lookup(node.type);
  if (component && component.outputs.length === 0 && !component.namesRunOutput)
    return `${who}: ${component.label} has no output to pin`;
  const size = JSON.stringify(pinned.output).length;
  if (size > MAX_PIN_CHARS) return `${who}: ${size} characters, more than the ${MAX_PIN_CHARS} a pin may hold`;
  return null;
}

/** Every pin problem of the graph (checked when a graph is saved or imported). */
export function pinProblems(graph: WorkflowGraph, lookup: (type: string) => ComponentMeta | undefined): string[] {
  return graph.nodes.flatMap((node) => pinProblem(node, lookup) ?? []);
}

/** The pinned outputs of the graph's normal-mode nodes, by node id. */
export function pinnedOutputs(graph: WorkflowGraph): Map<string, NodeOutput> {
  return new Map(
    graph.nodes.flatMap((node) =>
      node.data.pinned && node.data.mode !== "tool" ? [[node.id, node.data.pinned.output] as const] : [],
    ),
  );
}
