/** The editor's warning about an Entry wired to nothing (issue 27, defect 5), on plans the real compiler makes. */
import { describe, expect, it } from "vitest";
import { lookupComponent } from "../nodes";
import { graphEdge, graphNode } from "../testing/fixtures";
import { compileWorkflow } from "./compile";
import type { WorkflowGraph } from "./graph";
import { idleEntryProblems } from "./idle-entry";

function problems(graph: WorkflowGraph) {
  const compiled = compileWorkflow(graph, lookupComponent);
  if (!compiled.ok) throw new Error(compiled.errors[0].message);
  return idleEntryProblems(compiled.plan, lookupComponent);
}

const entry = graphNode("entry", "core.entry", { label: "Question" });
const shape = graphNode("shape", "core.transform", { label: "Shape", params: { template: { said: "{{input}}" } } });

describe("idleEntryProblems", () => {
  it("names an Entry that is the only trigger and wired to nothing", () => {
    expect(problems({ nodes: [entry, shape], edges: [] })).toEqual([
      expect.objectContaining({
        code: "unreachable",
        nodeId: "entry",
        message: expect.stringContaining('"Question" is wired to nothing'),
      }),
    ]);
  });

  it("says nothing when a step reads the Entry, by a wire or a template", () => {
    expect(problems({ nodes: [entry, shape], edges: [graphEdge("entry", "output", "shape", "input")] })).toEqual([]);
    const templated = graphNode("shape", "core.transform", { params: { template: { said: "{{Question.output}}" } } });
    expect(problems({ nodes: [entry, templated], edges: [] })).toEqual([]);
  });

  it("says nothing for an Entry alone, or beside another trigger that starts the steps", () => {
    expect(problems({ nodes: [entry], edges: [] })).toEqual([]);
    const hook = graphNode("hook", "trigger.webhook", { label: "Hook" });
    expect(problems({ nodes: [entry, hook, shape], edges: [graphEdge("hook", "output", "shape", "input")] })).toEqual(
      [],
    );
  });
});
