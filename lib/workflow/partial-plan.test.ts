import { describe, expect, it } from "vitest";
import { compileOrThrow, graphEdge, graphNode } from "../testing/fixtures";
import { planPartialRun, type RecordedOutput } from "./partial-plan";

// entry → fetch → shape → out, and entry → side (a branch the others do not read).
const plan = compileOrThrow({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("fetch", "core.http.request", { params: { url: "http://example.com" } }),
    graphNode("shape", "core.transform", { params: { mode: "jsonata", expression: "body" } }),
    graphNode("out", "core.output"),
    graphNode("side", "core.transform", { params: { mode: "jsonata", expression: "1" } }),
  ],
  edges: [
    graphEdge("entry", "output", "fetch", "url"),
    graphEdge("fetch", "body", "shape", "input"),
    graphEdge("shape", "result", "out", "value"),
    graphEdge("entry", "output", "side", "input"),
  ],
});
const recorded = (...ids: string[]) =>
  new Map<string, RecordedOutput>(ids.map((id) => [id, { output: { from: id }, runId: "earlier" }]));
const none = new Map();

describe("planPartialRun", () => {
  it("runs one node with what it reads from recorded, and leaves out the rest", () => {
    const result = planPartialRun(plan, { mode: "node", nodeId: "fetch" }, none, recorded("entry", "fetch"));
    expect(result).toEqual({
      ok: true,
      partial: {
        run: ["fetch"],
        seeded: [{ nodeId: "entry", output: { from: "entry" }, from: "earlier-run", runId: "earlier" }],
        leftOut: ["side", "shape", "out"],
      },
    });
  });

  it("runs what a node reads from when nothing was recorded for it", () => {
    const result = planPartialRun(plan, { mode: "node", nodeId: "shape" }, none, none);
    expect(result.ok && result.partial.run).toEqual(["entry", "fetch", "shape"]);
  });

  it("runs from a node through everything after it, taking a pin over a recorded output", () => {
    const pinned = new Map([["fetch", { body: "pinned" }]]);
    const result = planPartialRun(plan, { mode: "from", nodeId: "shape" }, pinned, recorded("entry", "fetch"));
    expect(result.ok && result.partial).toEqual({
      run: ["shape", "out"],
      seeded: [{ nodeId: "fetch", output: { body: "pinned" }, from: "pinned" }],
      leftOut: ["entry", "side"],
    });
  });

  it("runs up to a node again from the start, stopping at a pin", () => {
    expect(
      planPartialRun(plan, { mode: "upTo", nodeId: "out" }, none, recorded("entry", "fetch", "shape")),
    ).toMatchObject({ ok: true, partial: { run: ["entry", "fetch", "shape", "out"], seeded: [] } });
    const pinned = new Map([["fetch", { body: "pinned" }]]);
    expect(planPartialRun(plan, { mode: "upTo", nodeId: "out" }, pinned, none)).toMatchObject({
      ok: true,
      partial: { run: ["shape", "out"], leftOut: ["entry", "side"] },
    });
  });

  it("runs the node asked for even when it is pinned; a whole test run uses every pin", () => {
    const pinned = new Map([["fetch", { body: "pinned" }]]);
    const one = planPartialRun(plan, { mode: "node", nodeId: "fetch" }, pinned, recorded("entry"));
    expect(one.ok && one.partial.run).toEqual(["fetch"]);
    const all = planPartialRun(plan, { mode: "all" }, pinned, recorded("entry"));
    expect(all.ok && all.partial.run).toEqual(["entry", "side", "shape", "out"]);
  });

  it("names a node that is not there, and a tool-mode node (its agent runs it)", () => {
    expect(planPartialRun(plan, { mode: "node", nodeId: "ghost" }, none, none)).toEqual({
      ok: false,
      message: "nodeId: no node ghost in this workflow",
    });
    const withTool = compileOrThrow({
      nodes: [
        graphNode("agent", "core.agent", { params: { provider: "scripted", script: [] } }),
        graphNode("web", "core.http.request", { mode: "tool", params: { url: "http://example.com" } }),
      ],
      edges: [graphEdge("web", "tool", "agent", "tools")],
    });
    expect(planPartialRun(withTool, { mode: "node", nodeId: "web" }, none, none)).toMatchObject({
      ok: false,
      message: expect.stringContaining("tool mode"),
    });
    const agent = planPartialRun(withTool, { mode: "node", nodeId: "agent" }, none, none);
    expect(agent.ok && agent.partial.run).toEqual(["web", "agent"]);
  });
});
