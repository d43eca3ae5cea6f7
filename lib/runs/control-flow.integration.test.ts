/**
 * The workflow language through the real path (HTTP API → compiler → queue → worker → events):
 * If and Switch take one branch and skip the rest, a Merge after a join runs with what arrived,
 * Output nodes name the result, Transform (templates and JSONata) and Code (QuickJS) shape data,
 * and mistakes are refused or reported naming the node and field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphEdge, graphNode } from "../testing/fixtures";
import { runWorkflowToEnd } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import type { WorkflowGraph } from "../workflow/graph";
import { listEvents } from "./read-events";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.close());

const graph = (nodes: WorkflowGraph["nodes"], edges: WorkflowGraph["edges"]): WorkflowGraph => ({ nodes, edges });

async function skippedAndCompleted(runId: string) {
  const events = await listEvents(runId);
  const ids = (type: string) =>
    events.filter((event) => event.type === type).map((event) => (event.payload as { nodeId: string }).nodeId);
  return { skipped: ids("node.skipped").sort(), completed: ids("node.completed").sort(), events };
}

describe("If", () => {
  const triage = graph(
    [
      graphNode("entry", "core.entry"),
      graphNode("check", "core.if", {
        label: "Check",
        params: { value: "{{input}}", operator: "contains", compareTo: "ALERT" },
      }),
      graphNode("shape", "core.transform", {
        label: "Shape",
        params: { template: { alert: "{{input}}", level: "high" } },
      }),
      graphNode("alert", "core.output", { label: "Alert" }),
      graphNode("quiet", "core.output", { label: "Quiet", params: { value: "nothing to do" } }),
    ],
    [
      graphEdge("entry", "output", "check", "input"),
      graphEdge("check", "true", "shape", "input"),
      graphEdge("shape", "result", "alert", "value"),
      graphEdge("check", "false", "quiet", "value"),
    ],
  );

  it("takes the true branch and skips the false one", async () => {
    const { runId, result } = await runWorkflowToEnd(stack, triage, "ALERT: disk full");
    expect(result).toMatchObject({ status: "completed", output: { alert: "ALERT: disk full", level: "high" } });
    const { skipped, completed } = await skippedAndCompleted(runId);
    expect(skipped).toEqual(["quiet"]);
    expect(completed).toEqual(["alert", "check", "entry", "shape"]);
  });

  it("takes the false branch and skips the true one to its end", async () => {
    const { runId, result } = await runWorkflowToEnd(stack, triage, "all good");
    expect(result).toMatchObject({ status: "completed", output: "all good" });
    const { skipped, events } = await skippedAndCompleted(runId);
    expect(skipped).toEqual(["alert", "shape"]);
    const reason = events.find(
      (event) => event.type === "node.skipped" && (event.payload as { nodeId: string }).nodeId === "shape",
    );
    expect((reason?.payload as { reason: string }).reason).toBe('"Check" did not take its "true" branch');
  });

  it("decides with a JSONata expression over the input", async () => {
    const withExpression = graph(
      [
        graphNode("entry", "core.entry"),
        graphNode("check", "core.if", { label: "Check", params: { expression: "priority > 2" } }),
        graphNode("high", "core.output", { label: "High", params: { value: "urgent" } }),
      ],
      [graphEdge("entry", "output", "check", "input"), graphEdge("check", "true", "high", "value")],
    );
    expect((await runWorkflowToEnd(stack, withExpression, { priority: 5 })).result).toMatchObject({
      status: "completed",
      output: { priority: 5 },
    });
    const low = await runWorkflowToEnd(stack, withExpression, { priority: 1 });
    expect(low.result).toMatchObject({ status: "completed", output: null }); // the only Output was skipped
  });
});

describe("Switch and Merge", () => {
  const router = graph(
    [
      graphNode("entry", "core.entry"),
      graphNode("route", "core.switch", {
        label: "Route",
        params: { operator: "contains", case1: "billing", case2: "bug" },
      }),
      graphNode("billing", "core.code", { label: "Billing", params: { code: "return 'billing: ' + input;" } }),
      graphNode("bug", "core.transform", {
        label: "Bug",
        params: { mode: "jsonata", expression: "'bug: ' & $uppercase($)" },
      }),
      graphNode("other", "core.transform", { label: "Other", params: { template: "other: {{input}}" } }),
      graphNode("join", "core.merge", { label: "Join", params: { mode: "first" } }),
      graphNode("answer", "core.output", { label: "Answer" }),
    ],
    [
      graphEdge("entry", "output", "route", "input"),
      graphEdge("route", "case1", "billing", "input"),
      graphEdge("route", "case2", "bug", "input"),
      graphEdge("route", "default", "other", "input"),
      graphEdge("billing", "result", "join", "a"),
      graphEdge("bug", "result", "join", "b"),
      graphEdge("other", "result", "join", "c"),
      graphEdge("join", "merged", "answer", "value"),
    ],
  );

  it.each([
    ["a billing question", "billing: a billing question", ["bug", "other"]],
    ["found a bug", "bug: FOUND A BUG", ["billing", "other"]],
    ["hello", "other: hello", ["billing", "bug"]],
  ])("routes %j to one case and merges what arrived", async (input, output, skippedNodes) => {
    const { runId, result } = await runWorkflowToEnd(stack, router, input);
    expect(result).toMatchObject({ status: "completed", output });
    expect((await skippedAndCompleted(runId)).skipped).toEqual(skippedNodes);
  });
});

describe("mistakes", () => {
  it("a Code error fails the run naming the node and the line", async () => {
    const broken = graph(
      [
        graphNode("entry", "core.entry"),
        graphNode("code", "core.code", {
          label: "Parse",
          params: { code: "const data = JSON.parse(input);\nreturn data.missing.field;" },
        }),
      ],
      [graphEdge("entry", "output", "code", "input")],
    );
    const { result } = await runWorkflowToEnd(stack, broken, '{"a":1}');
    expect(result.status).toBe("failed");
    expect(result.error).toMatch(/TypeError.*\(line 2\)/);
  });

  it("refuses a Merge with nothing wired and a JSONata expression that does not parse, naming node and field", async () => {
    const response = await stack.fetch("/api/workflows", {
      method: "POST",
      body: JSON.stringify({
        name: "bad",
        nodes: [
          graphNode("entry", "core.entry"),
          graphNode("join", "core.merge", { label: "Join" }),
          graphNode("shape", "core.transform", {
            label: "Shape",
            params: { mode: "jsonata", expression: "items[price >" },
          }),
        ],
        edges: [graphEdge("entry", "output", "shape", "input")],
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      errors: { code: string; nodeId?: string; field?: string; message: string }[];
    };
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "missing-input", nodeId: "join" }),
        expect.objectContaining({
          code: "invalid-param",
          nodeId: "shape",
          field: "expression",
          message: expect.stringMatching(/not valid at character/),
        }),
      ]),
    );
  });
});

describe("Loop", () => {
  const loopGraph = (onError: "fail" | "collect", code = "return input * 2;") =>
    graph(
      [
        graphNode("entry", "core.entry"),
        graphNode("loop", "core.loop", { label: "Each", params: { concurrency: 8, onError } }),
        graphNode("double", "core.code", { label: "Double", mode: "tool", params: { code } }),
      ],
      [graphEdge("entry", "output", "loop", "items"), graphEdge("double", "tool", "loop", "tools")],
    );

  it("calls the wired tool for each of 1,000 items, 8 at a time, and keeps the order", async () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    const { runId, result } = await runWorkflowToEnd(stack, loopGraph("fail"), items, 120_000);
    expect(result.status).toBe("completed");
    // Each result is what the tool handed back: Code's output object.
    expect((result.output as { results: unknown[] }).results).toEqual(items.map((i) => ({ result: i * 2 })));
    const recorded = (await listEvents(runId)).filter((event) => event.type === "loop.item");
    expect(recorded).toHaveLength(1000);
    expect(new Set(recorded.map((event) => (event.payload as { index: number }).index)).size).toBe(1000);
  }, 150_000);

  it("collects an item's failure when asked, or fails the loop naming the item", async () => {
    const flaky = "if (input === 2) throw new Error('two is bad'); return input;";
    const collected = await runWorkflowToEnd(stack, loopGraph("collect", flaky), [1, 2, 3]);
    expect(collected.result).toMatchObject({
      status: "completed",
      output: {
        results: [{ result: 1 }, null, { result: 3 }],
        errors: [{ index: 1, error: expect.stringContaining("two is bad") }],
      },
    });
    const failed = await runWorkflowToEnd(stack, loopGraph("fail", flaky), [1, 2, 3]);
    expect(failed.result.status).toBe("failed");
    expect(failed.result.error).toMatch(/item 2 of 3: double failed:.*two is bad/);
  });

  it("records which item each of its tool calls was for, so the run view can name it", async () => {
    const { runId, result } = await runWorkflowToEnd(stack, loopGraph("fail"), [10, 20, 30]);
    expect(result.status).toBe("completed");
    const calls = (await listEvents(runId)).filter((event) => event.type === "tool.call.completed");
    const itemOf = (event: (typeof calls)[number]) => (event.payload as { item?: number; args: unknown }).item;
    const byItem = new Map(calls.map((event) => [itemOf(event), (event.payload as { args: unknown }).args]));
    expect([...byItem.keys()].sort()).toEqual([0, 1, 2]);
    expect(byItem.get(1)).toEqual({ input: 20 });
  });

  it("refuses a non-list input, naming the field", async () => {
    const { result } = await runWorkflowToEnd(stack, loopGraph("fail"), "not a list");
    expect(result.status).toBe("failed");
    expect(result.error).toMatch(/items/);
  });
});
