/**
 * Which nodes a test run from the editor runs, and which it takes as done: "run this node", "run
 * from here" (it and everything after it), "run up to here" (it and everything before it), or a
 * whole test run. Every other node a running node reads from is taken as done with its pinned
 * output or, failing that, its output from an earlier run; a node with neither runs too. What is
 * left is not part of the run. The engine then runs it as a run resumed after those nodes
 * (lib/runs/partial-run.ts). Pure.
 */
import { z } from "zod";
import type { NodeOutput } from "../nodes/types";
import type { CompiledWorkflow } from "./compile";

export const TEST_RUN_MODES = ["node", "from", "upTo", "all"] as const;
export const TestRunRequest = z.discriminatedUnion("mode", [
  z.object({ mode: z.enum(["node", "from", "upTo"]), nodeId: z.string().min(1).max(200) }),
  z.object({ mode: z.literal("all") }),
]);
export type TestRunRequest = z.infer<typeof TestRunRequest>;
export type TestRunMode = (typeof TEST_RUN_MODES)[number];

/** A node taken as done: its output, and whether it was pinned or comes from an earlier run. */
export type SeededNode = { nodeId: string; output: NodeOutput } & (
  { from: "pinned" } | { from: "earlier-run"; runId: string }
);

export type PartialPlan = {
  /** Nodes that run, in the plan's order. */
  run: string[];
  seeded: SeededNode[];
  /** Nodes this run leaves out (recorded as skipped). */
  leftOut: string[];
};

export type RecordedOutput = { output: NodeOutput; runId: string };

/** The nodes reachable from `start` following `next`, `start` included. */
function reach(start: string, next: (nodeId: string) => readonly string[]): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0)
    for (const other of next(queue.pop()!)) {
      if (seen.has(other)) continue;
      seen.add(other);
      queue.push(other);
    }
  return seen;
}

function wantedNodes(plan: CompiledWorkflow, request: TestRunRequest): Set<string> {
  if (request.mode === "all") return new Set(plan.order);
  // Up to here: the node, and what it reads from is run again below (recorded outputs are not used).
  if (request.mode === "node" || request.mode === "upTo") return new Set([request.nodeId]);
  const dependents = new Map<string, string[]>();
  for (const id of plan.order)
    for (const dependency of plan.nodes[id].dependsOn)
      dependents.set(dependency, [...(dependents.get(dependency) ?? []), id]);
  return reach(request.nodeId, (id) => dependents.get(id) ?? []);
}

/** The partial run for `request`, or a message naming what is wrong with it. */
export function planPartialRun(
  plan: CompiledWorkflow,
  request: TestRunRequest,
  pinned: ReadonlyMap<string, NodeOutput>,
  recorded: ReadonlyMap<string, RecordedOutput>,
): { ok: true; partial: PartialPlan } | { ok: false; message: string } {
  const chosen = request.mode === "all" ? undefined : plan.nodes[request.nodeId];
  if (request.mode !== "all" && !chosen)
    return { ok: false, message: `nodeId: no node ${request.nodeId} in this workflow` };
  if (chosen?.mode === "tool")
    return {
      ok: false,
      message: `"${chosen.label}" is in tool mode: it runs when an agent calls it, so run the agent it is wired to`,
    };
  const running = new Set<string>();
  const seeded = new Map<string, SeededNode>();
  const queue: string[] = [];
  const reuseRecorded = request.mode !== "upTo";
  // A pin stands in for its node, except for the node someone asked to run.
  const take = (nodeId: string, needed: boolean) => {
    if (running.has(nodeId) || seeded.has(nodeId)) return;
    const pin = nodeId === chosen?.id ? undefined : pinned.get(nodeId);
    const earlier = needed && reuseRecorded && plan.nodes[nodeId].mode === "normal" ? recorded.get(nodeId) : undefined;
    if (pin) seeded.set(nodeId, { nodeId, output: pin, from: "pinned" });
    else if (earlier) seeded.set(nodeId, { nodeId, output: earlier.output, from: "earlier-run", runId: earlier.runId });
    else {
      running.add(nodeId);
      queue.push(nodeId);
    }
  };
  for (const nodeId of wantedNodes(plan, request)) take(nodeId, false);
  while (queue.length > 0) for (const dependency of plan.nodes[queue.pop()!].dependsOn) take(dependency, true);
  return {
    ok: true,
    partial: {
      run: plan.order.filter((id) => running.has(id)),
      seeded: plan.order.flatMap((id) => seeded.get(id) ?? []),
      leftOut: plan.order.filter((id) => !running.has(id) && !seeded.has(id)),
    },
  };
}
