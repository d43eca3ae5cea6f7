/** Filling a node's templated params from the outputs before it, as the worker does right before it runs the node. */
import { describe, expect, it } from "vitest";
import { getComponent } from "../nodes";
import { compileOrThrow, graphEdge, graphNode } from "../testing/fixtures";
import { fillTemplates } from "./fill-templates";

describe("fillTemplates", () => {
  const plan = compileOrThrow({
    nodes: [
      graphNode("entry", "core.entry", { label: "Entry" }),
      graphNode("call", "core.tool.call", {
        label: "Tool Call",
        params: { args: { url: "/x/{{entry.ip}}", raw: "{{entry}}" } },
      }),
      graphNode("agent", "core.agent", { params: { prompt: "{{input}} / {{tool_call.result.status}} / {{entry}}" } }),
      graphNode("http", "core.http.request", { mode: "tool", params: { url: "/api/health" } }),
    ],
    edges: [graphEdge("http", "tool", "call", "tools"), graphEdge("entry", "output", "agent", "input")],
  });
  const outputs = new Map<string, Record<string, unknown>>([
    ["entry", { output: { ip: "10.0.0.1" } }],
    ["call", { result: { status: 200, body: "ok" } }],
  ]);
  const ports = (nodeId: string) => getComponent(plan.nodes[nodeId].type)?.outputs.map((port) => port.name) ?? [];

  it("fills JSON arguments keeping the type of a whole placeholder", () => {
    const node = plan.nodes.call;
    expect(fillTemplates(plan, node, getComponent(node.type)!, node.params, outputs, ports).args).toEqual({
      url: "/x/10.0.0.1",
      raw: { ip: "10.0.0.1" },
    });
  });

  it("fills a prompt as text, with {{input}} from the node's own Input handle", () => {
    const node = plan.nodes.agent;
    const filled = fillTemplates(
      plan,
      node,
      getComponent(node.type)!,
      { ...node.params, input: "hello" },
      outputs,
      ports,
    );
    expect(filled.prompt).toBe('hello / 200 / {"ip":"10.0.0.1"}');
  });

  it("leaves params that are not templates alone", () => {
    const node = plan.nodes.agent;
    const filled = fillTemplates(plan, node, getComponent(node.type)!, { ...node.params, input: "x" }, outputs, ports);
    expect(filled.script).toEqual(node.params.script);
  });
});
