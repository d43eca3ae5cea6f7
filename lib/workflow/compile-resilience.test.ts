import { describe, expect, it } from "vitest";
import { lookupComponent } from "../nodes";
import { compileWorkflow } from "./compile";
import type { WorkflowGraph, WorkflowNode } from "./graph";

const node = (id: string, type: string, data: Partial<WorkflowNode["data"]> = {}): WorkflowNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: { label: id, mode: "normal", params: {}, ...data },
});
const edge = (source: string, sourceHandle: string, target: string, targetHandle: string) => ({
  id: `${source}-${target}`,
  source,
  sourceHandle,
  target,
  targetHandle,
});
const http = (data: Partial<WorkflowNode["data"]> = {}) =>
  node("http", "core.http.request", { params: { url: "https://example.com" }, ...data });

describe("per-node resilience in the compiler", () => {
  it("carries retry and onError into the plan and lets an errorOutput node's error handle be wired", () => {
    const graph: WorkflowGraph = {
      nodes: [
        http({ retry: { maxTries: 3, waitMs: 100, backoff: "exponential" }, onError: "errorOutput" }),
        node("out", "core.output"),
      ],
      edges: [edge("http", "error", "out", "value")],
    };
    const result = compileWorkflow(graph, lookupComponent);
    expect(result.ok && result.plan.nodes.http).toMatchObject({
      retry: { maxTries: 3, waitMs: 100, backoff: "exponential" },
      onError: "errorOutput",
    });
  });

  it("keeps today's behaviour when nothing is set: no retry, and onError stop leaves nothing in the plan", () => {
    const result = compileWorkflow({ nodes: [http({ onError: "stop" })], edges: [] }, lookupComponent);
    expect(result.ok && result.plan.nodes.http.retry).toBeUndefined();
    expect(result.ok && result.plan.nodes.http.onError).toBeUndefined();
  });

  it("refuses an error handle on a node that does not route its errors", () => {
    const result = compileWorkflow(
      { nodes: [http(), node("out", "core.output")], edges: [edge("http", "error", "out", "value")] },
      lookupComponent,
    );
    expect(!result.ok && result.errors).toEqual([
      expect.objectContaining({ code: "unknown-handle", nodeId: "http", message: '"http" has no output "error"' }),
    ]);
  });

  it("names the node and field of a retry out of range, and refuses onError on a tool-mode node", () => {
    const graph = {
      nodes: [http({ retry: { maxTries: 0, waitMs: 10, backoff: "fixed" }, mode: "tool", onError: "continue" })],
      edges: [],
    } as WorkflowGraph;
    const result = compileWorkflow(graph, lookupComponent);
    expect(!result.ok && result.errors.map((error) => [error.nodeId, error.field, error.message])).toEqual([
      ["http", "retry.maxTries", '"http": retry.maxTries: must be at least 1'],
      [
        "http",
        "onError",
        `"http": onError: a tool-mode node's errors go back to the model that called it; only "stop" applies`,
      ],
    ]);
  });

  it("lets templates read a handed-on error", () => {
    const graph: WorkflowGraph = {
      nodes: [
        http({ onError: "continue" }),
        node("shape", "core.transform", { params: { template: { why: "{{http.error.message}}" } } }),
      ],
      edges: [],
    };
    expect(compileWorkflow(graph, lookupComponent).ok).toBe(true);
  });
});
