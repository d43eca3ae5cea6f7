/** JSON text: what a server page hands the editor reads back as the value it was made from. */
import { describe, expect, it } from "vitest";
import { catalogueMeta, catalogueMetaText } from "../nodes";
import { largeWorkflowFile } from "../../e2e/support/large-graph";
import { WorkflowGraph } from "./graph";
import { parseJsonText, toJsonText } from "./json-text";

describe("JSON text", () => {
  it("reads back a graph as it was, with its params, positions and wires", () => {
    const graph = WorkflowGraph.parse(largeWorkflowFile("text", 40, 60).graph);
    const text = toJsonText(graph);
    expect(typeof text).toBe("string");
    expect(parseJsonText(text)).toEqual(graph);
  });

  it("carries the catalogue's metadata as catalogueMeta gives it, made once per process", () => {
    expect(parseJsonText(catalogueMetaText())).toEqual(catalogueMeta());
    expect(catalogueMetaText()).toBe(catalogueMetaText());
  });
});
