/** Import refuses params of the wrong type, naming node id and field (issue 27, defect 8). */
import { describe, expect, it } from "vitest";
import { graphNode } from "../testing/fixtures";
import { paramTypeProblems } from "./param-types";

describe("paramTypeProblems", () => {
  it("names a string where an object belongs, and a number where text belongs", () => {
    const graph = {
      nodes: [
        graphNode("http", "core.http.request", { params: { url: "https://example.com", headers: "accept: json" } }),
        graphNode("call", "core.tool.call", { params: { args: '{"city":"Oslo"}' } }),
        graphNode("entry", "core.entry", { params: { defaultInput: 42 } }),
      ],
      edges: [],
    };
    expect(paramTypeProblems(graph)).toEqual([
      'graph: node "http": headers: expected record, got string',
      'graph: node "call": args: expected record, got string',
      'graph: node "entry": defaultInput: expected string, got number',
    ]);
  });

  it("leaves values left out and templates to the run", () => {
    const graph = {
      nodes: [
        graphNode("call", "core.tool.call", { params: { args: { city: "{{entry.city}}" } } }),
        graphNode("write", "core.fs.write", { mode: "tool", params: { roots: "/srv/data" } }),
        graphNode("loop", "core.loop", { params: { items: "{{entry.list}}" } }),
      ],
      edges: [],
    };
    expect(paramTypeProblems(graph)).toEqual([]);
  });
});
