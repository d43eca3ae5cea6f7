/**
 * Which nodes a run skips. A branching node (If, Switch) puts only the ports it takes in its
 * output; a node is skipped when every data input it has — wired inputs and the nodes its
 * templates read — comes from a port not taken or from a node that was skipped. So a branch not
 * taken is skipped to its end, and a node after a join (Merge) runs once its taken inputs are
 * done. Nodes with no data inputs (an Entry, a tool) never skip, except a trigger that did not
 * start the run. A node whose `onError` is "errorOutput" branches too: its `error` handle is taken
 * only when it failed, and then only that one. Pure.
 */
import type { NodeOutput } from "../nodes/types";
import type { CompiledNode, CompiledWorkflow } from "../workflow/compile";

export type SkipFacts = {
  plan: CompiledWorkflow;
  outputs: ReadonlyMap<string, NodeOutput>;
  skipped: ReadonlySet<string>;
  isBranching: (type: string) => boolean;
};

/** Whether the node's output leaves out the ports not taken: a branching component, or a node with an error handle. */
const branches = (node: CompiledNode, isBranching: (type: string) => boolean) =>
  isBranching(node.type) || node.onError === "errorOutput";

/** Why the node is skipped, or null when it runs. */
export function skipReason(node: CompiledNode, { plan, outputs, skipped, isBranching }: SkipFacts): string | null {
  if (node.mode === "tool") return null;
  const wired = Object.values(node.inputs);
  const templated = Object.values(node.templateSources ?? {});
  if (wired.length + templated.length === 0) return null;
  const deadWire = ({ nodeId, port }: { nodeId: string; port: string }) => {
    if (skipped.has(nodeId)) return true;
    const source = plan.nodes[nodeId];
    return branches(source, isBranching) && !(port in (outputs.get(nodeId) ?? {}));
  };
  if (!wired.every(deadWire) || !templated.every((nodeId) => skipped.has(nodeId))) return null;
  const untaken = wired.find((wire) => !skipped.has(wire.nodeId));
  if (untaken) return `"${plan.nodes[untaken.nodeId].label}" did not take its "${untaken.port}" branch`;
  return "everything it reads from was skipped";
}

/**
 * The nodes a run might skip, known before its branches are taken: the triggers that did not start
 * it, and nodes whose every data input comes from a branching node or from a node it might skip.
 */
export function skippableNodes(
  plan: CompiledWorkflow,
  {
    isBranching,
    isUnfiredTrigger,
  }: { isBranching: (type: string) => boolean; isUnfiredTrigger: (node: CompiledNode) => boolean },
): Set<string> {
  const skippable = new Set<string>();
  for (const nodeId of plan.order) {
    const node = plan.nodes[nodeId];
    if (node.mode === "tool") continue;
    if (isUnfiredTrigger(node)) {
      skippable.add(nodeId);
      continue;
    }
    const wired = Object.values(node.inputs);
    const templated = Object.values(node.templateSources ?? {});
    if (wired.length + templated.length === 0) continue;
    const mayBeDead = ({ nodeId: from }: { nodeId: string }) =>
      skippable.has(from) || branches(plan.nodes[from], isBranching);
    if (wired.every(mayBeDead) && templated.every((from) => skippable.has(from))) skippable.add(nodeId);
  }
  return skippable;
}

/**
 * Why a run that reached its end did nothing, or null when something ran: every step that reads
 * from another node (not a trigger, not a tool) was skipped. Such a run is not a success.
 */
export function nothingRanReason(plan: CompiledWorkflow, skipped: ReadonlySet<string>): string | null {
  const steps = plan.order
    .map((id) => plan.nodes[id])
    .filter(
      (node) =>
        node.mode !== "tool" && Object.keys(node.inputs).length + Object.keys(node.templateSources ?? {}).length > 0,
    );
  if (steps.length === 0 || steps.some((node) => !skipped.has(node.id))) return null;
  return (
    `Nothing ran: all ${steps.length} step${steps.length === 1 ? " was" : "s were"} skipped, as nothing the run's ` +
    `trigger started leads to them (is the Entry's output wired to the first step?)`
  );
}
