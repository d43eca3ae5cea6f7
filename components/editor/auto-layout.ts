/**
 * Auto-layout ("Tidy up"): places the workflow's nodes left to right in the order data flows,
 * with dagre (@dagrejs/dagre) doing the ranking and crossing reduction. Tools hang in a row under
 * the agent they are wired into, as on a hand-drawn canvas; each agent and its tools are laid out
 * as one block, so nothing overlaps. Pure: nodes and edges in, positions out.
 */
import { Graph, layout } from "@dagrejs/dagre";
import { isToolEdge } from "@/lib/workflow/constants";
import type { FlowEdge, FlowNode } from "./graph-conversion";

type Size = { width: number; height: number };
type Point = { x: number; y: number };

const GAP = { rank: 110, node: 50, toolRow: 60, tool: 36 };
const DEFAULT_SIZE: Size = { width: 240, height: 120 };

export const sizeOf = (node: FlowNode): Size => ({
  width: node.measured?.width ?? node.width ?? DEFAULT_SIZE.width,
  height: node.measured?.height ?? node.height ?? DEFAULT_SIZE.height,
});

/** Each tool node that is wired into an agent, by the first agent it is wired into. */
function toolsByAgent(nodes: FlowNode[], edges: FlowEdge[]): Map<string, FlowNode[]> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const placed = new Set<string>();
  const byAgent = new Map<string, FlowNode[]>();
  for (const edge of edges) {
    const tool = byId.get(edge.source);
    if (!tool || !byId.has(edge.target) || placed.has(tool.id)) continue;
    if (!isToolEdge({ sourceHandle: edge.sourceHandle ?? "", targetHandle: edge.targetHandle ?? "" })) continue;
    placed.add(tool.id);
    byAgent.set(edge.target, [...(byAgent.get(edge.target) ?? []), tool]);
  }
  return byAgent;
}

/** The block an agent and its row of tools take together. */
function blockSize(agent: Size, tools: Size[]): Size {
  if (tools.length === 0) return agent;
  const row = tools.reduce((sum, tool) => sum + tool.width, 0) + GAP.tool * (tools.length - 1);
  const rowHeight = Math.max(...tools.map((tool) => tool.height));
  return { width: Math.max(agent.width, row), height: agent.height + GAP.toolRow + rowHeight };
}

/** New top-left positions for every node, keyed by id. */
export function autoLayout(nodes: FlowNode[], edges: FlowEdge[]): Map<string, Point> {
  const tools = toolsByAgent(nodes, edges);
  const hanging = new Set([...tools.values()].flat().map((tool) => tool.id));
  const graph = new Graph({ multigraph: true });
  graph.setGraph({ rankdir: "LR", ranksep: GAP.rank, nodesep: GAP.node, marginx: 0, marginy: 0 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) {
    if (hanging.has(node.id)) continue;
    graph.setNode(node.id, blockSize(sizeOf(node), (tools.get(node.id) ?? []).map(sizeOf)));
  }
  for (const edge of edges) {
    if (graph.hasNode(edge.source) && graph.hasNode(edge.target) && edge.source !== edge.target)
      graph.setEdge(edge.source, edge.target, {}, edge.id);
  }
  layout(graph);

  const positions = new Map<string, Point>();
  for (const node of nodes) {
    if (hanging.has(node.id)) continue;
    const { x, y, width, height } = graph.node(node.id);
    const own = sizeOf(node);
    // dagre gives the block's centre: the agent sits at the top, centred, its tools in a row below.
    const top = { x: x - width / 2, y: y - height / 2 };
    positions.set(node.id, { x: Math.round(top.x + (width - own.width) / 2), y: Math.round(top.y) });
    const row = tools.get(node.id) ?? [];
    const rowWidth = row.reduce((sum, tool) => sum + sizeOf(tool).width, 0) + GAP.tool * (row.length - 1);
    let left = top.x + (width - rowWidth) / 2;
    for (const tool of row) {
      positions.set(tool.id, { x: Math.round(left), y: Math.round(top.y + own.height + GAP.toolRow) });
      left += sizeOf(tool).width + GAP.tool;
    }
  }
  return positions;
}
