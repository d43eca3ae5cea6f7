/**
 * What a node's template fields can refer to: `{{input}}` (what arrives on its own Input handle,
 * when it has one) and every upstream node's label and output ports, as `{{label.port}}`.
 */
import { INPUT_REFERENCE } from "@/lib/workflow/template";
import { nodeOutputPorts } from "@/lib/workflow/node-outputs";
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
      const component = lookup(source.data.componentType);
      for (const port of component ? nodeOutputPorts(component, source.data.params) : []) {
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

/** `{{input}}` first when the node has an Input handle, then the upstream outputs: what `{{` offers. */
export function templateSuggestions(
  nodeId: string,
  nodes: FlowNode[],
  edges: FlowEdge[],
  lookup: ComponentLookup,
): UpstreamOutput[] {
  const node = nodes.find((candidate) => candidate.id === nodeId);
  const ownInput = node && lookup(node.data.componentType)?.inputs.find((port) => port.name === INPUT_REFERENCE);
  const upstream = upstreamOutputs(nodeId, nodes, edges, lookup);
  if (!node || !ownInput) return upstream;
  const own = {
    token: `{{${INPUT_REFERENCE}}}`,
    nodeLabel: `this node (${node.data.label})`,
    portLabel: ownInput.label,
  };
  return [own, ...upstream];
}
