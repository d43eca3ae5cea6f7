/**
 * The tool names a node can call through its `tools` handle, as the editor knows them before a
 * run: a component tool's name, and for MCP sources the names their filter selects. Tools an MCP
 * server only reveals at discovery are not listed; they can still be typed.
 */
import { knownToolNames } from "@/lib/mcp/tool-source-summary";
import type { ComponentLookup, FlowEdge, FlowNode } from "./graph-conversion";
import { toolName } from "./tool-shape";

export function wiredToolNames(
  nodeId: string,
  nodes: FlowNode[],
  edges: FlowEdge[],
  lookup: ComponentLookup,
): string[] {
  const sources = new Set(
    edges.filter((edge) => edge.target === nodeId && edge.targetHandle === "tools").map((edge) => edge.source),
  );
  return nodes.flatMap((node) => {
    const meta = sources.has(node.id) ? lookup(node.data.componentType) : undefined;
    if (!meta?.tool) return [];
    if (meta.tool.discovered)
      return knownToolNames({ type: node.data.componentType, label: node.data.label, params: node.data.params });
    return [toolName(node.data, meta) ?? []].flat();
  });
}
