/**
 * What changed between two versions of a workflow, for the history's diff: nodes and wires added, removed and
 * changed (a node's label, mode, params, tool settings; not where it sits), and which params changed. Also the
 * graph the canvas draws for a comparison: the newer graph plus what it removed, each node and wire marked. Pure.
 */
import type { WorkflowEdge, WorkflowGraph, WorkflowNode } from "./graph";

export type DiffMark = "added" | "removed" | "changed";

export type NodeChange = { nodeId: string; label: string; mark: DiffMark; fields: string[] };

export type GraphDiff = {
  nodes: NodeChange[];
  edges: { edgeId: string; mark: Exclude<DiffMark, "changed">; from: string; to: string }[];
};

const edgeKey = (edge: WorkflowEdge) => `${edge.source}.${edge.sourceHandle}→${edge.target}.${edge.targetHandle}`;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of a node that differ (params by name), ignoring its position on the canvas. */
function changedFields(before: WorkflowNode, after: WorkflowNode): string[] {
  const { params: paramsBefore = {}, ...restBefore } = before.data as Record<string, unknown> & { params?: object };
  const { params: paramsAfter = {}, ...restAfter } = after.data as Record<string, unknown> & { params?: object };
  const fields = [...new Set([...Object.keys(restBefore), ...Object.keys(restAfter)])].filter(
    (key) => !same(restBefore[key], restAfter[key]),
  );
  const params = { before: paramsBefore as Record<string, unknown>, after: paramsAfter as Record<string, unknown> };
  const paramNames = [...new Set([...Object.keys(params.before), ...Object.keys(params.after)])];
  const changedParams = paramNames.filter((name) => !same(params.before[name], params.after[name]));
  return [...(before.type !== after.type ? ["type"] : []), ...fields, ...changedParams.map((name) => `params.${name}`)];
}

export function diffGraphs(before: WorkflowGraph, after: WorkflowGraph): GraphDiff {
  const beforeNodes = new Map(before.nodes.map((node) => [node.id, node]));
  const afterNodes = new Map(after.nodes.map((node) => [node.id, node]));
  const nodes: NodeChange[] = [];
  for (const node of after.nodes) {
    const old = beforeNodes.get(node.id);
    const fields = old ? changedFields(old, node) : [];
    if (!old) nodes.push({ nodeId: node.id, label: node.data.label, mark: "added", fields });
    else if (fields.length > 0) nodes.push({ nodeId: node.id, label: node.data.label, mark: "changed", fields });
  }
  for (const node of before.nodes)
    if (!afterNodes.has(node.id)) nodes.push({ nodeId: node.id, label: node.data.label, mark: "removed", fields: [] });

  const beforeEdges = new Set(before.edges.map(edgeKey));
  const afterEdges = new Set(after.edges.map(edgeKey));
  const wire = (edge: WorkflowEdge, mark: "added" | "removed") => ({
    edgeId: edge.id,
    mark,
    from: edge.source,
    to: edge.target,
  });
  return {
    nodes,
    edges: [
      ...after.edges.filter((edge) => !beforeEdges.has(edgeKey(edge))).map((edge) => wire(edge, "added")),
      ...before.edges.filter((edge) => !afterEdges.has(edgeKey(edge))).map((edge) => wire(edge, "removed")),
    ],
  };
}

/**
 * The graph a comparison draws: `after` with the nodes and wires `before` had and `after` removed put back, and the
 * mark of each node and wire that differs.
 */
export function comparisonGraph(
  before: WorkflowGraph,
  after: WorkflowGraph,
): { graph: WorkflowGraph; marks: Record<string, DiffMark>; diff: GraphDiff } {
  const diff = diffGraphs(before, after);
  const removedNodes = new Set(diff.nodes.filter((change) => change.mark === "removed").map((c) => c.nodeId));
  const removedEdges = new Set(diff.edges.filter((change) => change.mark === "removed").map((c) => c.edgeId));
  const marks: Record<string, DiffMark> = {};
  for (const change of diff.nodes) marks[change.nodeId] = change.mark;
  for (const change of diff.edges) marks[`edge:${change.edgeId}`] = change.mark;
  const graph: WorkflowGraph = {
    ...after,
    nodes: [...after.nodes, ...before.nodes.filter((node) => removedNodes.has(node.id))],
    edges: [
      ...after.edges,
      ...before.edges.filter((edge) => removedEdges.has(edge.id) && !after.edges.some((e) => e.id === edge.id)),
    ],
  };
  return { graph, marks, diff };
}
