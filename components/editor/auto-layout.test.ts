/**
 * Auto-layout on a 50-node graph: every node gets a place, none overlap, data flows left to right,
 * tools sit under their agent.
 */
import { describe, expect, it } from "vitest";
import { autoLayout, sizeOf } from "./auto-layout";
import type { FlowEdge, FlowNode } from "./graph-conversion";

const flowNode = (id: string, width: number, height: number, mode: "normal" | "tool" = "normal"): FlowNode => ({
  id,
  type: "component",
  position: { x: 0, y: 0 }, // every node piled on one spot, as a worst case
  measured: { width, height },
  data: { componentType: "core.transform", label: id, mode, params: {} },
});
const wire = (source: string, target: string, sourceHandle = "output", targetHandle = "input"): FlowEdge => ({
  id: `${source}-${target}-${targetHandle}`,
  source,
  target,
  sourceHandle,
  targetHandle,
});

/** 38 steps in four chains that fan out and join, 2 agents with 4 tools each, and 2 loose nodes. */
function fiftyNodes(): { nodes: FlowNode[]; edges: FlowEdge[] } {
  const nodes: FlowNode[] = [];
  const edges: FlowEdge[] = [];
  for (let i = 0; i < 38; i++) {
    nodes.push(flowNode(`step-${i}`, 200 + (i % 3) * 40, 90 + (i % 4) * 30));
    if (i % 10 !== 0) edges.push(wire(`step-${i - 1}`, `step-${i}`));
    if (i % 10 === 5 && i >= 10) edges.push(wire(`step-${i - 10}`, `step-${i}`, "output", "body"));
  }
  for (const agent of ["agent-a", "agent-b"]) {
    nodes.push(flowNode(agent, 260, 150));
    edges.push(wire("step-9", agent));
    for (let t = 0; t < 4; t++) {
      nodes.push(flowNode(`${agent}-tool-${t}`, 220, 110, "tool"));
      edges.push(wire(`${agent}-tool-${t}`, agent, "tool", "tools"));
    }
  }
  nodes.push(flowNode("loose-1", 240, 120), flowNode("loose-2", 240, 120));
  return { nodes, edges };
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("autoLayout", () => {
  it("places 50 piled-up nodes so that no two overlap", () => {
    const { nodes, edges } = fiftyNodes();
    expect(nodes).toHaveLength(50);
    const positions = autoLayout(nodes, edges);
    expect(positions.size).toBe(50);
    const boxes = nodes.map((node) => ({ id: node.id, ...positions.get(node.id)!, ...sizeOf(node) }));
    const clashes = boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter((b) => overlaps(a, b))
        .map((b) => `${a.id}/${b.id}`),
    );
    expect(clashes).toEqual([]);
  });

  it("puts each node right of what feeds it, and an agent's tools in a row under it", () => {
    const { nodes, edges } = fiftyNodes();
    const positions = autoLayout(nodes, edges);
    const at = (id: string) => positions.get(id)!;
    expect(at("step-1").x).toBeGreaterThan(at("step-0").x);
    expect(at("agent-a").x).toBeGreaterThan(at("step-9").x);
    const tools = [0, 1, 2, 3].map((t) => at(`agent-a-tool-${t}`));
    for (const tool of tools) expect(tool.y).toBeGreaterThanOrEqual(at("agent-a").y + 150);
    expect(new Set(tools.map((tool) => tool.y)).size).toBe(1);
  });
});
