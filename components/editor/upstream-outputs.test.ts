/** Template completion offers every upstream node's outputs (nearest first), never downstream or tool-mode ones. */
import { describe, expect, it } from "vitest";
import type { ComponentMeta } from "@/lib/nodes/types";
import { catalogueLookup, type FlowEdge, type FlowNode } from "./graph-conversion";
import { templateSuggestions, upstreamOutputs } from "./upstream-outputs";

const component = (id: string, outputs: string[]): ComponentMeta => ({
  id,
  label: id,
  category: "Flow",
  icon: "box",
  description: "",
  inputs: [{ name: "in", label: "In" }],
  outputs: outputs.map((name) => ({ name, label: name.toUpperCase() })),
  fields: [],
  defaults: {},
});
const withInput: ComponentMeta = { ...component("transform", ["output"]), inputs: [{ name: "input", label: "Input" }] };
const lookup = catalogueLookup([component("src", ["output"]), component("mid", ["text", "json"]), withInput]);
const node = (id: string, type: string, label: string, mode: "normal" | "tool" = "normal"): FlowNode => ({
  id,
  type: "component",
  position: { x: 0, y: 0 },
  data: { componentType: type, label, mode, params: {} },
});
const edge = (source: string, target: string): FlowEdge => ({
  id: `${source}-${target}`,
  source,
  target,
  sourceHandle: "output",
  targetHandle: "in",
});

describe("upstreamOutputs", () => {
  const nodes = [
    node("a", "src", "Entry"),
    node("b", "mid", "Fetch"),
    node("c", "mid", "Summarise"),
    node("d", "mid", "After"),
    node("t", "src", "Tool", "tool"),
  ];
  const edges = [edge("a", "b"), edge("b", "c"), edge("c", "d"), edge("t", "c")];

  it("lists the outputs of every upstream node, nearest first", () => {
    expect(upstreamOutputs("c", nodes, edges, lookup).map((o) => o.token)).toEqual([
      "{{Fetch.text}}",
      "{{Fetch.json}}",
      "{{Entry.output}}",
    ]);
  });

  it("offers nothing from downstream or unconnected nodes", () => {
    expect(upstreamOutputs("a", nodes, edges, lookup)).toEqual([]);
  });

  it("survives a cycle", () => {
    const looped = [...edges, edge("d", "a")];
    expect(upstreamOutputs("a", nodes, looped, lookup).map((o) => o.nodeLabel)).toEqual([
      "After",
      "After",
      "Summarise",
      "Summarise",
      "Fetch",
      "Fetch",
    ]);
  });
});

describe("templateSuggestions", () => {
  const nodes = [node("a", "src", "Entry"), node("x", "transform", "Shape"), node("b", "mid", "Fetch")];
  const edges = [{ ...edge("a", "x"), targetHandle: "input" }, edge("a", "b")];

  it("offers {{input}} first on a node with an Input handle, then the upstream outputs", () => {
    expect(templateSuggestions("x", nodes, edges, lookup).map((o) => o.token)).toEqual([
      "{{input}}",
      "{{Entry.output}}",
    ]);
  });

  it("offers no {{input}} on a node without an Input handle", () => {
    expect(templateSuggestions("b", nodes, edges, lookup).map((o) => o.token)).toEqual(["{{Entry.output}}"]);
  });
});
