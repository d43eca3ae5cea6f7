/**
 * Which nodes a run skips. A branching node (If, Switch) puts only the ports it takes in its
 * output; a node is skipped when every data input it has — wired inputs and the nodes its
 * templates read — comes from a port not taken or from a node that was skipped. So a branch not
 * taken is skipped to its end, and a node after a join (Merge) runs once its taken inputs are
 * done. An input with several wires is dead only when all of them are, and takes the value of the
 * first that delivered (input-wires.ts). Nodes with no data inputs (an Entry, a tool) never skip,
 * except a trigger that did not start the run. A node whose `onError` is "errorOutput" branches
 * too: its `error` handle is taken only when it failed, and then only that one. Pure.
 */
import type { NodeOutput } from "../nodes/types";
import type { CompiledNode, CompiledWorkflow } from "../workflow/compile";
import { wiresOf, type Wire } from "../workflow/input-wires";

export type SkipFacts = {
  plan: CompiledWorkflow;
  outputs: ReadonlyMap<string, NodeOutput>;
  skipped: ReadonlySet<string>;
  isBranching: (type: string) => boolean;
};

/** Whether the node's output leaves out the ports not taken: a branching component, or a node with an error handle. */
const branches = (node: CompiledNode, isBranching: (type: string) => boolean) =>
  isBranching(node.type) || node.onError === "errorOutput";

/** Every wire into the node's inputs, several per input when an input has several (input-wires.ts). */
const allWires = (node: CompiledNode): Wire[] => Object.values(node.inputs).flatMap(wiresOf);

/** True when the wire's source was skipped or did not take the wire's port. */
function isDeadWire({ nodeId, port }: Wire, { plan, outputs, skipped, isBranching }: SkipFacts): boolean {
  if (skipped.has(nodeId)) return true;
  return branches(plan.nodes[nodeId], isBranching) && !(port in (outputs.get(nodeId) ?? {}));
}

/**
 * What each wired input receives: the value of its first wire whose source delivered (input-wires.ts),
 * and, for inputs where more than one delivered, which wires were passed over.
 */
export function wiredInputValues(
  node: CompiledNode,
  facts: SkipFacts,
): { values: Record<string, unknown>; passedOver: { port: string; used: Wire; unused: Wire[] }[] } {
  const values: Record<string, unknown> = {};
  const passedOver: { port: string; used: Wire; unused: Wire[] }[] = [];
  for (const [port, binding] of Object.entries(node.inputs)) {
    const wires = wiresOf(binding);
    const delivered = wires.length === 1 ? wires : wires.filter((wire) => !isDeadWire(wire, facts));
    const used = delivered[0] ?? wires[0];
    values[port] = facts.outputs.get(used.nodeId)?.[used.port];
    if (delivered.length > 1) passedOver.push({ port, used, unused: delivered.slice(1) });
  }
  return { values, passedOver };
}

/** Why the node is skipped, or null when it runs. */
export function skipReason(node: CompiledNode, facts: SkipFacts): string | null {
  const { plan, skipped } = facts;
  if (node.mode === "tool") return null;
  const wired = allWires(node);
  const templated = Object.values(node.templateSources ?? {});
  if (wired.length + templated.length === 0) return null;
  const deadWire = (wire: Wire) => isDeadWire(wire, facts);
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
    const wired = allWires(node);
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
