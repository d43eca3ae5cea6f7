/** The editor's save carries its graph as JSON text: parsed on the server, with an error that names the field. */
import { describe, expect, it } from "vitest";
import { SaveWorkflowInput } from "./schema";

describe("SaveWorkflowInput", () => {
  it("parses the graph's JSON text", () => {
    const parsed = SaveWorkflowInput.parse({ name: "Mine", graph: '{"nodes":[],"edges":[]}' });
    expect(parsed).toEqual({ name: "Mine", graph: { nodes: [], edges: [] } });
  });

  it("refuses text that is not JSON, and a graph that is not text, naming the field", () => {
    const notJson = SaveWorkflowInput.safeParse({ name: "Mine", graph: '{"nodes":[' });
    expect(notJson.success || notJson.error.issues.map((issue) => issue.message)).toEqual([
      expect.stringMatching(/^graph: not valid JSON \(/),
    ]);
    const notText = SaveWorkflowInput.safeParse({ name: "Mine", graph: { nodes: [], edges: [] } });
    expect(notText.success || notText.error.issues.map((issue) => issue.message)).toEqual([
      "graph: expected the graph as JSON text",
    ]);
  });
});
