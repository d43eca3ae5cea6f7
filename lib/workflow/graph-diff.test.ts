/** The history's diff: what was added, removed and changed between two graphs, and the graph a comparison draws. */
import { describe, expect, it } from "vitest";
import { graphEdge, graphNode } from "../testing/fixtures";
import type { WorkflowGraph } from "./graph";
import { comparisonGraph, diffGraphs } from "./graph-diff";

const before: WorkflowGraph = {
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("fetch", "core.http.request", { params: { url: "https://a.example", method: "GET" } }),
    graphNode("old", "core.output"),
  ],
  edges: [graphEdge("entry", "output", "fetch", "body"), graphEdge("fetch", "body", "old", "value")],
};
const after: WorkflowGraph = {
  nodes: [
    { ...graphNode("entry", "core.entry"), position: { x: 300, y: 40 } },
    graphNode("fetch", "core.http.request", { label: "Fetch", params: { url: "https://b.example", method: "GET" } }),
    graphNode("new", "core.output"),
  ],
  edges: [graphEdge("entry", "output", "fetch", "body"), graphEdge("fetch", "body", "new", "value")],
};

describe("diffGraphs", () => {
  it("names added, removed and changed nodes and wires, and the fields that changed, but not moves", () => {
    const diff = diffGraphs(before, after);
    expect(diff.nodes).toEqual([
      { nodeId: "fetch", label: "Fetch", mark: "changed", fields: ["label", "params.url"] },
      { nodeId: "new", label: "new", mark: "added", fields: [] },
      { nodeId: "old", label: "old", mark: "removed", fields: [] },
    ]);
    expect(diff.edges).toEqual([
      { edgeId: expect.any(String), mark: "added", from: "fetch", to: "new" },
      { edgeId: expect.any(String), mark: "removed", from: "fetch", to: "old" },
    ]);
    expect(diffGraphs(after, after)).toEqual({ nodes: [], edges: [] });
  });

  it("draws the newer graph with what it removed put back, each marked", () => {
    const { graph, marks } = comparisonGraph(before, after);
    expect(graph.nodes.map((node) => node.id)).toEqual(["entry", "fetch", "new", "old"]);
    expect(graph.edges).toHaveLength(3);
    expect(marks).toMatchObject({ fetch: "changed", new: "added", old: "removed" });
    expect(marks.entry).toBeUndefined();
  });
});
