/**
 * What may be wired to what, checked while the user drags a connection. Returns the reason a
 * connection is refused (shown in a toast), or null. An input may take several wires
 * (lib/workflow/input-wires.ts says which one fills it). The compiler re-checks everything on save.
 */
import type { Connection, Edge } from "@xyflow/react";
import { TOOL_HANDLE, TOOLS_HANDLE } from "@/lib/workflow/constants";
import type { ComponentLookup, FlowEdge, FlowNode } from "./graph-conversion";

type Graph = { nodes: FlowNode[]; edges: FlowEdge[]; lookup: ComponentLookup };

export function refuseConnection(connection: Connection | Edge, { nodes, edges, lookup }: Graph): string | null {
  const { source, sourceHandle, target, targetHandle } = connection;
  const sourceNode = nodes.find((node) => node.id === source);
  const targetNode = nodes.find((node) => node.id === target);
  if (!sourceNode || !targetNode) return "That handle belongs to a node that no longer exists";
  if (source === target) return "A node cannot be connected to itself";

  if (sourceHandle === TOOL_HANDLE && targetHandle !== TOOLS_HANDLE) {
    return `"${sourceNode.data.label}" is in tool mode: wire it into an agent's Tools handle`;
  }
  if (targetHandle === TOOLS_HANDLE && sourceHandle !== TOOL_HANDLE) {
    return lookup(sourceNode.data.componentType)?.tool
      ? `Only tools go into Tools: switch "${sourceNode.data.label}" to tool mode in the inspector first`
      : `"${sourceNode.data.label}" cannot be used as a tool`;
  }
  if (
    edges.some(
      (e) =>
        e.source === source &&
        e.sourceHandle === sourceHandle &&
        e.target === target &&
        e.targetHandle === targetHandle,
    )
  ) {
    return "These two handles are already connected";
  }
  if (reaches(target, source, edges)) return "That connection would create a loop";
  return null;
}

/** True when `to` can be reached from `from` by following edges downstream. */
function reaches(from: string, to: string, edges: FlowEdge[]): boolean {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === to) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const edge of edges) if (edge.source === id) stack.push(edge.target);
  }
  return false;
}
