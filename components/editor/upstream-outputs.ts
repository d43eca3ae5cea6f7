/** What a node's template fields can refer to: every upstream node's label and output ports, as `{{label.port}}`. */
import type { ComponentLookup, FlowEdge, FlowNode } from "./graph-conversion";

export type UpstreamOutput = { token: string; nodeLabel: string; portLabel: string };

/** Outputs of the nodes that feed `nodeId` through data edges, nearest first. */
export function upstreamOutputs(
  nodeId: string,
  nodes: FlowNode[],
  edges: FlowEdge[],
  lookup: ComponentLookup,
): UpstreamOutput[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const seen = new Set<string>([nodeId]);
  const queue = [nodeId];
  const result: UpstreamOutput[] = [];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const edge of edges) {
      if (edge.target !== current || seen.has(edge.source)) continue;
      const source = byId.get(edge.source);
      if (!source || source.data.mode === "tool") continue;
      seen.add(edge.source);
      queue.push(edge.source);
      for (const port of lookup(source.data.componentType)?.outputs ?? []) {
        result.push({
          token: `{{${source.data.label}.${port.name}}}`,
          nodeLabel: source.data.label,
          portLabel: port.label,
        });
      }
    }
  }
  return result;
}
