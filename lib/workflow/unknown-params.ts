/**
 * Params a node's component does not take. They are refused everywhere — saves, imports, templates,
 * Discover, runs — with one message naming the node and the param, because a param nobody reads is
 * exactly how a node can look like one thing to a check and be another to the worker. Pure.
 */
import type { ComponentMeta } from "../nodes/types";

/** The node's own params that its component does not name (own keys, `__proto__` and `constructor` included). */
export function unknownParams(params: Record<string, unknown>, component: Pick<ComponentMeta, "paramNames">): string[] {
  if (!component.paramNames) return [];
  const known = knownNames(component.paramNames);
  return Object.keys(params).filter((name) => !known.has(name));
}

const namesByList = new WeakMap<string[], Set<string>>();
/** Worked out once per component: a 100k-node graph checks each node with one set lookup per param. */
function knownNames(names: string[]): Set<string> {
  let known = namesByList.get(names);
  if (!known) namesByList.set(names, (known = new Set(names)));
  return known;
}

export function unknownParamMessage(
  node: { id: string; label: string },
  componentLabel: string,
  param: string,
): string {
  return (
    `Node "${node.label}" (${node.id}) has a param ${JSON.stringify(param)} that ${componentLabel} does not ` +
    `take: remove it`
  );
}

/** Every unknown param of a graph's nodes, as messages; nodes of unknown components are left to the compiler. */
export function unknownParamProblems(
  nodes: { id: string; type: string; data: { label: string; params: Record<string, unknown> } }[],
  lookup: (type: string) => ComponentMeta | undefined,
): { nodeId: string; field: string; message: string }[] {
  return nodes.flatMap((node) => {
    const component = lookup(node.type);
    if (!component) return [];
    const label = node.data.label || component.label;
    return unknownParams(node.data.params, component).map((field) => ({
      nodeId: node.id,
      field,
      message: unknownParamMessage({ id: node.id, label }, component.label, field),
    }));
  });
}
