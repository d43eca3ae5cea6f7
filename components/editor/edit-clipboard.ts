/**
 * Copy, paste and duplicate of selected nodes (with the edges between them). The clipboard lives
 * in localStorage, so a selection copied in one workflow pastes into another, even in another tab.
 */
import type { NodeMode, ToolConfig } from "@/lib/workflow/graph";
import { rendererFor, type ComponentLookup, type FlowEdge, type FlowNode } from "./graph-conversion";
import { newNodeId, randomSuffix, uniqueLabel } from "./new-node";

const STORAGE_KEY = "switchboard:clipboard";
const PASTE_OFFSET = 40;

export type ClipboardContent = {
  kind: "switchboard.selection";
  nodes: {
    id: string;
    componentType: string;
    label: string;
    mode: NodeMode;
    params: Record<string, unknown>;
    toolConfig?: ToolConfig;
    position: { x: number; y: number };
  }[];
  edges: { source: string; sourceHandle: string; target: string; targetHandle: string }[];
};

/** The selected nodes and the edges between them, or null when nothing is selected. */
export function selectionContent(nodes: FlowNode[], edges: FlowEdge[]): ClipboardContent | null {
  const selected = nodes.filter((node) => node.selected);
  if (selected.length === 0) return null;
  const ids = new Set(selected.map((node) => node.id));
  return {
    kind: "switchboard.selection",
    nodes: selected.map(({ id, position, data }) => ({ id, position: { ...position }, ...structuredClone(data) })),
    edges: edges
      .filter((edge) => ids.has(edge.source) && ids.has(edge.target))
      .map(({ source, sourceHandle, target, targetHandle }) => ({
        source,
        sourceHandle: sourceHandle ?? "",
        target,
        targetHandle: targetHandle ?? "",
      })),
  };
}

export function writeClipboard(content: ClipboardContent): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(content));
}

export function readClipboard(): ClipboardContent | null {
  try {
    const content = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") as ClipboardContent | null;
    return content?.kind === "switchboard.selection" && Array.isArray(content.nodes) && Array.isArray(content.edges)
      ? content
      : null;
  } catch {
    return null;
  }
}

/**
 * New nodes and edges for `content` placed next to the originals: fresh ids, labels made unique
 * among `existing`, components this catalogue lacks left out. The new nodes come selected.
 */
export function pastedElements(
  content: ClipboardContent,
  existing: FlowNode[],
  lookup: ComponentLookup,
): { nodes: FlowNode[]; edges: FlowEdge[] } {
  const taken = new Set(existing.map((node) => node.data.label));
  const newIds = new Map<string, string>();
  const nodes: FlowNode[] = [];
  for (const copied of content.nodes) {
    const component = lookup(copied.componentType);
    if (!component) continue;
    const id = newNodeId(copied.componentType);
    const label = uniqueLabel(copied.label, taken);
    taken.add(label);
    newIds.set(copied.id, id);
    nodes.push({
      id,
      type: rendererFor(component),
      position: { x: copied.position.x + PASTE_OFFSET, y: copied.position.y + PASTE_OFFSET },
      selected: true,
      data: {
        componentType: copied.componentType,
        label,
        mode: copied.mode,
        params: copied.params,
        ...(copied.toolConfig ? { toolConfig: copied.toolConfig } : {}),
      },
    });
  }
  const edges: FlowEdge[] = content.edges.flatMap((edge) => {
    const source = newIds.get(edge.source);
    const target = newIds.get(edge.target);
    return source && target
      ? [
          {
            id: `${source}-${target}-${randomSuffix()}`,
            source,
            sourceHandle: edge.sourceHandle,
            target,
            targetHandle: edge.targetHandle,
          },
        ]
      : [];
  });
  return { nodes, edges };
}
