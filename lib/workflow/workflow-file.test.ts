/** The export file round-trips, and every kind of bad import is answered with a message naming the path at fault. */
import { describe, expect, it } from "vitest";
import { parseWorkflowFile } from "./parse-workflow-file";
import { toWorkflowFile, workflowFileName } from "./workflow-file";
import type { WorkflowGraph } from "./graph";

const graph: WorkflowGraph = {
  nodes: [
    { id: "entry", type: "core.entry", position: { x: 0, y: 0 }, data: { label: "Entry", mode: "normal", params: {} } },
    {
      id: "agent",
      type: "core.agent",
      position: { x: 300, y: 0 },
      data: { label: "Agent", mode: "normal", params: { prompt: "hi" } },
    },
  ],
  edges: [{ id: "e1", source: "entry", sourceHandle: "output", target: "agent", targetHandle: "input" }],
};
const known = new Set(["core.entry", "core.agent"]);
const text = (value: unknown) => JSON.stringify(value);

describe("workflow export file", () => {
  it("reads back what it wrote", () => {
    const result = parseWorkflowFile(text(toWorkflowFile("My agent", graph)), known);
    expect(result).toEqual({
      ok: true,
      name: "My agent",
      graph: expect.objectContaining({ nodes: graph.nodes, edges: graph.edges }),
    });
  });

  it("names the file after the workflow", () => {
    expect(workflowFileName("My Agent: v2!")).toBe("my-agent-v2.switchboard.json");
    expect(workflowFileName("???")).toBe("workflow.switchboard.json");
  });

  it("says when the file is not JSON", () => {
    const result = parseWorkflowFile("{ nope");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]).toMatch(/^The file is not valid JSON/);
  });

  it("says when it is JSON but not a workflow export", () => {
    const result = parseWorkflowFile(text({ hello: "world" }));
    expect(!result.ok && result.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^format: expected "switchboard.workflow"/),
        expect.stringMatching(/^name: /),
      ]),
    );
  });

  it("names the node whose fields are wrong", () => {
    const broken = structuredClone(toWorkflowFile("x", graph)) as unknown as {
      graph: { nodes: { data: { label: unknown } }[] };
    };
    broken.graph.nodes[1].data.label = 42;
    const result = parseWorkflowFile(text(broken));
    expect(!result.ok && result.errors).toEqual([expect.stringMatching(/^graph: node "agent": data\.label: /)]);
  });

  it("refuses unknown component types, duplicate ids and dangling edges by name", () => {
    const bad: WorkflowGraph = {
      nodes: [graph.nodes[0], { ...graph.nodes[1], type: "acme.teleporter" }, { ...graph.nodes[0] }],
      edges: [{ ...graph.edges[0], target: "ghost" }],
    };
    const result = parseWorkflowFile(text(toWorkflowFile("x", bad)), known);
    expect(!result.ok && result.errors).toEqual([
      'graph: node "agent": type "acme.teleporter" is not a component this Switchboard has',
      'graph: node "entry": the id is used twice',
      'graph: edge "e1": target "ghost" is not a node in this file',
    ]);
  });

  it("refuses a version it cannot read", () => {
    const result = parseWorkflowFile(text({ ...toWorkflowFile("x", graph), version: 9 }));
    expect(!result.ok && result.errors[0]).toMatch(/^version: expected 1/);
  });
});
