/**
 * A model node's output schema in the compiler: its fields become handles that edges and templates
 * can use, and a schema whose fields cannot be outputs is refused naming the node and the field.
 * Also the inspector builder's round trip between rows and a schema.
 */
import { describe, expect, it } from "vitest";
import { catalogueMeta, lookupComponent } from "../nodes";
import { graphEdge, graphNode } from "../testing/fixtures";
import { compileWorkflow } from "../workflow/compile";
import type { WorkflowGraph } from "../workflow/graph";
import { nodeOutputNames } from "../workflow/node-outputs";
import { fieldsFromSchema, schemaFromFields, type OutputField } from "./output-schema";

const weather = {
  type: "object",
  properties: { city: { type: "string" }, celsius: { type: "number" } },
  required: ["city"],
};

const graphWith = (outputSchema: unknown, downstream: Partial<WorkflowGraph> = {}): WorkflowGraph => ({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("agent", "core.agent", { label: "Forecaster", params: { provider: "scripted", outputSchema } }),
    ...(downstream.nodes ?? []),
  ],
  edges: [graphEdge("entry", "output", "agent", "input"), ...(downstream.edges ?? [])],
});

const errorsOf = (graph: WorkflowGraph) => {
  const result = compileWorkflow(graph, lookupComponent);
  return result.ok ? [] : result.errors;
};

describe("output schema", () => {
  it("adds the answer object and each top-level field to the node's outputs", () => {
    expect(nodeOutputNames(lookupComponent("core.agent")!, { outputSchema: weather })).toEqual([
      "text",
      "toolCalls",
      "iterations",
      "usage",
      "stopReason",
      "object",
      "city",
      "celsius",
    ]);
    expect(nodeOutputNames(lookupComponent("core.llm")!, {})).toEqual(["text", "toolCalls", "usage"]);
  });

  it("gives the browser's copy of the catalogue the same handles (the editor draws them from it)", () => {
    const llmMeta = catalogueMeta().find((meta) => meta.id === "core.llm")!;
    expect(nodeOutputNames(llmMeta, { outputSchema: weather })).toEqual([
      "text",
      "toolCalls",
      "usage",
      "object",
      "city",
      "celsius",
    ]);
  });

  it("lets an edge start at a field's handle and a template name a field", () => {
    const graph = graphWith(weather, {
      nodes: [
        graphNode("out", "core.output", { params: { value: "{{forecaster.city}} is {{forecaster.celsius}}" } }),
        graphNode("merge", "core.merge"),
      ],
      edges: [graphEdge("agent", "city", "merge", "a")],
    });
    expect(errorsOf(graph)).toEqual([]);
  });

  it("refuses a template naming a field the schema does not have, listing the ones it has", () => {
    const graph = graphWith(weather, {
      nodes: [graphNode("out", "core.output", { params: { value: "{{forecaster.town}}" } })],
    });
    expect(errorsOf(graph)).toEqual([
      expect.objectContaining({ code: "unknown-reference", message: expect.stringContaining("city, celsius") }),
    ]);
  });

  it("refuses a schema whose fields cannot be outputs, naming the node and the field", () => {
    const errors = errorsOf(
      graphWith({
        type: "object",
        properties: { text: { type: "string" }, "bad name": { type: "string" }, n: { type: "decimal" } },
        required: ["missing"],
      }),
    );
    expect(errors.map(({ nodeId, field, message }) => ({ nodeId, field, message }))).toEqual([
      {
        nodeId: "agent",
        field: "outputSchema.properties.text",
        message: expect.stringContaining('"Forecaster": output schema properties.text: "text" is already one'),
      },
      {
        nodeId: "agent",
        field: "outputSchema.properties.bad name",
        message: expect.stringContaining("must use letters, digits and _"),
      },
      { nodeId: "agent", field: "outputSchema.properties.n", message: expect.stringContaining('"decimal"') },
      { nodeId: "agent", field: "outputSchema.required", message: expect.stringContaining('"missing"') },
    ]);
    expect(errorsOf(graphWith({ type: "array" }))).toEqual([
      expect.objectContaining({ field: "outputSchema", message: expect.stringContaining("JSON Schema of an object") }),
    ]);
  });

  it("round-trips the builder's rows, and leaves a schema rows cannot say to the JSON editor", () => {
    const fields: OutputField[] = [
      { name: "city", type: "string", description: "Where", required: true },
      { name: "tags", type: "array", description: "", required: false },
    ];
    expect(fieldsFromSchema(schemaFromFields(fields))).toEqual(fields);
    expect(fieldsFromSchema({ type: "object", properties: { n: { type: "number", minimum: 0 } } })).toBeUndefined();
  });
});
