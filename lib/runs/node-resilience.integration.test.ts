/**
 * Per-node resilience through the real path (HTTP API → compiler → queue → worker → events) against
 * a real HTTP server that fails on purpose: retries (with backoff and a server's Retry-After),
 * `onError` continue and error-output branches, HTTP Request failing on a non-2xx status unless told
 * to hand any status on, and a tool-mode node's retry applied to the calls made through the gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFlakyServer, type FlakyServer } from "../testing/flaky-server";
import { graphEdge, graphNode } from "../testing/fixtures";
import { runWorkflowToEnd } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import type { WorkflowGraph, WorkflowNode } from "../workflow/graph";
import type { RunEvent } from "./events";
import { listEvents } from "./read-events";

let stack: TestStack;
let server: FlakyServer;
beforeAll(async () => {
  [stack, server] = await Promise.all([startTestStack(), startFlakyServer()]);
});
afterAll(async () => {
  await Promise.all([stack.close(), server.close()]);
});

async function run(graph: WorkflowGraph) {
  const { runId, result } = await runWorkflowToEnd(stack, graph);
  return { runId, result, events: await listEvents(runId) };
}

const payloads = (events: RunEvent[], type: RunEvent["type"]) =>
  events.filter((e) => e.type === type).map((e) => e.payload as Record<string, unknown>);
const ids = (events: RunEvent[], type: RunEvent["type"]) =>
  payloads(events, type)
    .map((p) => p.nodeId)
    .sort();
const http = (path: string, data: Partial<WorkflowNode["data"]> = {}) =>
  graphNode("http", "core.http.request", {
    label: "Fetch",
    ...data,
    params: { url: `${server.url}${path}`, ...data.params },
  });

describe("retries", () => {
  it("tries a node that fails twice with 503 again and completes on the third try, recording each retry", async () => {
    const graph = {
      nodes: [http("/flaky?key=a", { retry: { maxTries: 3, waitMs: 50, backoff: "fixed" } })],
      edges: [],
    };
    const { result, events } = await run(graph);
    expect(result).toMatchObject({ status: "completed", output: { status: 200, body: { ok: true, tries: 3 } } });
    expect(server.hits("/flaky:a")).toHaveLength(3);
    const retries = payloads(events, "node.retrying");
    expect(retries).toEqual([
      { nodeId: "http", attempt: 2, waitMs: 50, error: expect.stringContaining("answered 503") },
      { nodeId: "http", attempt: 3, waitMs: 50, error: expect.stringContaining("answered 503") },
    ]);
  });

  it("fails the run with the last error once the tries run out, doubling the wait when exponential", async () => {
    const graph = {
      nodes: [http("/flaky?key=b&fails=5", { retry: { maxTries: 3, waitMs: 20, backoff: "exponential" } })],
      edges: [],
    };
    const { result, events } = await run(graph);
    expect(result.status).toBe("failed");
    expect(result.error).toContain("answered 503");
    expect(server.hits("/flaky:b")).toHaveLength(3);
    expect(payloads(events, "node.retrying").map((p) => p.waitMs)).toEqual([20, 40]);
  });

  it("waits as long as a 429's Retry-After asks (1 s) rather than its own 10 ms", async () => {
    const graph = {
      nodes: [http("/limited?key=c&after=1", { retry: { maxTries: 2, waitMs: 10, backoff: "fixed" } })],
      edges: [],
    };
    const { result, events } = await run(graph);
    expect(result).toMatchObject({ status: "completed", output: { status: 200 } });
    expect(payloads(events, "node.retrying")).toEqual([
      { nodeId: "http", attempt: 2, waitMs: 1000, error: expect.stringContaining("answered 429") },
    ]);
    const [first, second] = server.hits("/limited:c");
    expect(second - first).toBeGreaterThanOrEqual(1000);
  });

  it("tries once without a retry setting, and a 2xx-only HTTP Request can be told to hand any status on", async () => {
    const once = await run({ nodes: [http("/flaky?key=d")], edges: [] });
    expect(once.result.status).toBe("failed");
    expect(server.hits("/flaky:d")).toHaveLength(1);
    expect(payloads(once.events, "node.retrying")).toEqual([]);
    const anyStatus = await run({ nodes: [http("/down", { params: { anyStatus: true } })], edges: [] });
    expect(anyStatus.result).toMatchObject({
      status: "completed",
      output: { status: 500, body: { error: "broken on purpose" } },
    });
  });
});

describe("on error", () => {
  it("continue: the next node receives { error: { message, nodeId } } and the run completes", async () => {
    const graph: WorkflowGraph = {
      nodes: [http("/down", { onError: "continue" }), graphNode("out", "core.output", { label: "Result" })],
      edges: [graphEdge("http", "body", "out", "value")],
    };
    const { result, events } = await run(graph);
    expect(result).toMatchObject({
      status: "completed",
      output: { error: { message: expect.stringContaining("answered 500"), nodeId: "http", status: 500 } },
    });
    const completed = payloads(events, "node.completed").find((p) => p.nodeId === "http");
    expect(completed?.handledError).toContain("answered 500");
    expect(payloads(events, "node.failed")).toEqual([]);
  });

  const branched = (path: string): WorkflowGraph => ({
    nodes: [
      http(path, { onError: "errorOutput" }),
      graphNode("ok", "core.output", { label: "Fine" }),
      graphNode("alert", "core.transform", {
        label: "Alert",
        params: { template: { alert: "{{input.message}}", from: "{{input.nodeId}}" } },
      }),
      graphNode("alertOut", "core.output", { label: "Alerted" }),
    ],
    edges: [
      graphEdge("http", "body", "ok", "value"),
      graphEdge("http", "error", "alert", "input"),
      graphEdge("alert", "result", "alertOut", "value"),
    ],
  });

  it("errorOutput: on failure only the error branch runs", async () => {
    const { result, events } = await run(branched("/down"));
    expect(result).toMatchObject({
      status: "completed",
      output: { alert: expect.stringContaining("answered 500"), from: "http" },
    });
    expect(ids(events, "node.skipped")).toEqual(["ok"]);
    expect(ids(events, "node.completed")).toEqual(["alert", "alertOut", "http"]);
  });

  it("errorOutput: on success only the normal outputs run", async () => {
    const { result, events } = await run(branched("/flaky?key=e&fails=0"));
    expect(result).toMatchObject({ status: "completed", output: { ok: true, tries: 1 } });
    expect(ids(events, "node.skipped")).toEqual(["alert", "alertOut"]);
  });

  it("refuses a retry setting out of range at save, naming the node and field", async () => {
    const response = await stack.fetch("/api/workflows", {
      method: "POST",
      body: JSON.stringify({
        name: "bad",
        nodes: [http("/down", { retry: { maxTries: 11, waitMs: 0, backoff: "fixed" } })],
        edges: [],
      }),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('node \\"http\\": data.retry.maxTries: must be at most 10');
  });
});

describe("tool calls through the gateway", () => {
  it("retries a tool-mode node's calls with its retry setting: the caller sees one result", async () => {
    const graph: WorkflowGraph = {
      nodes: [
        graphNode("call", "core.tool.call", { label: "Check", params: { args: { url: `${server.url}/flaky?key=f` } } }),
        graphNode("http", "core.http.request", {
          label: "HTTP Request",
          mode: "tool",
          retry: { maxTries: 3, waitMs: 30, backoff: "fixed" },
        }),
      ],
      edges: [graphEdge("http", "tool", "call", "tools")],
    };
    const { result, events } = await run(graph);
    expect(result).toMatchObject({
      status: "completed",
      output: { result: { status: 200, body: { ok: true, tries: 3 } } },
    });
    const completed = payloads(events, "tool.call.completed");
    expect(completed).toEqual([expect.objectContaining({ toolName: "http_request", isError: false })]);
    const retries = payloads(events, "node.retrying");
    expect(retries.map((p) => [p.nodeId, p.attempt, p.callId])).toEqual([
      ["http", 2, completed[0].callId],
      ["http", 3, completed[0].callId],
    ]);
  });
});
