/** Pasting copies: fresh ids, unique labels, edges only between copied nodes, unknown components left out. */
import { describe, expect, it } from "vitest";
import type { ComponentMeta } from "@/lib/nodes/types";
import { pastedElements, selectionContent } from "./edit-clipboard";
import { catalogueLookup, type FlowEdge, type FlowNode } from "./graph-conversion";
import { uniqueLabel } from "./new-node";

const meta = (id: string): ComponentMeta => ({
  id,
  label: id,
  category: "Flow",
  icon: "box",
  description: "",
  inputs: [],
  outputs: [],
  fields: [],
  defaults: {},
});
const lookup = catalogueLookup([meta("core.entry"), meta("core.agent")]);
const node = (id: string, type: string, label: string, selected: boolean): FlowNode => ({
  id,
  type: "component",
  selected,
  position: { x: 10, y: 20 },
  data: { componentType: type, label, mode: "normal", params: { prompt: "hi" } },
});
const edge = (source: string, target: string): FlowEdge => ({
  id: `${source}-${target}`,
  source,
  target,
  sourceHandle: "output",
  targetHandle: "input",
});

describe("copy and paste", () => {
  const nodes = [
    node("a", "core.entry", "Entry", true),
    node("b", "core.agent", "Agent", true),
    node("c", "core.agent", "Agent 2", false),
  ];
  const edges = [edge("a", "b"), edge("b", "c")];

  it("copies only the selected nodes and the edges between them", () => {
    const content = selectionContent(nodes, edges)!;
    expect(content.nodes.map((n) => n.id)).toEqual(["a", "b"]);
    expect(content.edges).toEqual([{ source: "a", sourceHandle: "output", target: "b", targetHandle: "input" }]);
    expect(
      selectionContent(
        nodes.map((n) => ({ ...n, selected: false })),
        edges,
      ),
    ).toBeNull();
  });

  it("pastes with new ids, unique labels, an offset and the edge rewired", () => {
    const pasted = pastedElements(selectionContent(nodes, edges)!, nodes, lookup);
    expect(pasted.nodes.map((n) => n.data.label)).toEqual(["Entry 2", "Agent 3"]);
    expect(pasted.nodes.every((n) => !["a", "b", "c"].includes(n.id) && n.selected)).toBe(true);
    expect(pasted.nodes[0].position).toEqual({ x: 50, y: 60 });
    expect(pasted.edges).toHaveLength(1);
    expect(pasted.edges[0]).toMatchObject({ source: pasted.nodes[0].id, target: pasted.nodes[1].id });
  });

  it("leaves out components this catalogue does not have", () => {
    const content = selectionContent([node("x", "acme.teleporter", "Beam", true)], [])!;
    expect(pastedElements(content, [], lookup).nodes).toEqual([]);
  });

  it("numbers labels after the last number", () => {
    expect(uniqueLabel("Step 4", new Set(["Step 4"]))).toBe("Step 5");
    expect(uniqueLabel("Agent", new Set(["Agent", "Agent 2"]))).toBe("Agent 3");
    expect(uniqueLabel("Fresh", new Set())).toBe("Fresh");
  });
});
