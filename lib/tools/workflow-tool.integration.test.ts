/**
 * Workflows as tools through the real path: an agent calls a Workflow Tool and gets the child run's
 * output; the child run is linked to its parent run and call, with events in both; a Loop runs a
 * workflow per item; cancelling the parent cancels the child; a workflow that calls itself stops at
 * the depth limit with a clear error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "../db/sql";
import { listEvents } from "../runs/read-events";
import { graphEdge, graphNode } from "../testing/fixtures";
import { everythingStdio } from "../testing/mcp-peers";
import { startWorkflowRun } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";
import { waitForRun } from "../testing/wait-for-run";
import type { WorkflowGraph } from "../workflow/graph";

let stack: TestStack;
let childId = "";
beforeAll(async () => {
  // A run waiting on its child holds a worker slot: nested runs need one slot per level.
  stack = await startTestStack({ runConcurrency: 8 });
  childId = await create("shout", {
    nodes: [
      graphNode("entry", "core.entry", {
        params: { inputFields: [{ name: "text", type: "string", required: true, description: "What to shout" }] },
      }),
      graphNode("shout", "core.code", { label: "Shout", params: { code: "return input.text.toUpperCase() + '!';" } }),
      graphNode("out", "core.output", { label: "Out", params: { value: "{{shout.result}}" } }),
    ],
    edges: [graphEdge("entry", "output", "shout", "input")],
  });
});
afterAll(() => stack.close());

async function create(name: string, graph: Pick<WorkflowGraph, "nodes" | "edges">): Promise<string> {
  const response = await stack.fetch("/api/workflows", {
    method: "POST",
    body: JSON.stringify({ name, publish: true, ...graph }),
  });
  const body = (await response.json()) as { id: string; errors?: unknown };
  if (response.status !== 201) throw new Error(`could not create ${name}: ${JSON.stringify(body)}`);
  return body.id;
}

const children = (parentRunId: string) =>
  sql<{ id: string; status: string; parentCallId: string | null; depth: number; output: unknown }>`
    SELECT id, status, "parentCallId", depth, output FROM "Run" WHERE "parentRunId" = ${parentRunId}
      ORDER BY "createdAt"`;

describe("an agent calling a Workflow Tool", () => {
  it("gets the child run's output, and both runs record the link", async () => {
    const runId = await startWorkflowRun(
      stack,
      {
        nodes: [
          graphNode("entry", "core.entry"),
          graphNode("agent", "core.agent", {
            params: {
              provider: "scripted",
              prompt: "{{input}}",
              script: {
                toolCalls: [{ tool: "shout", args: { text: "hello" } }],
                finalText: "child said: {{results.0}}",
              },
            },
          }),
          graphNode("tool", "core.workflow.tool", { label: "Shout", mode: "tool", params: { workflowId: childId } }),
        ],
        edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("tool", "tool", "agent", "tools")],
      } as WorkflowGraph,
      "hello",
    );
    expect(await waitForRun(stack, runId)).toMatchObject({
      status: "completed",
      output: { text: "child said: HELLO!" },
    });

    const [child] = await children(runId);
    expect(child).toMatchObject({
      status: "completed",
      depth: 1,
      output: "HELLO!",
      parentCallId: expect.stringMatching(/^agent:/),
    });
    const parentEvents = await listEvents(runId);
    expect(parentEvents).toContainEqual(
      expect.objectContaining({
        type: "child.run.started",
        payload: expect.objectContaining({ nodeId: "tool", childRunId: child.id, workflowId: childId }),
      }),
    );
    expect(parentEvents).toContainEqual(
      expect.objectContaining({
        type: "tool.registered",
        payload: expect.objectContaining({ toolName: "shout", kind: "workflow" }),
      }),
    );
    const childEvents = await listEvents(child.id);
    expect(childEvents.at(-1)).toMatchObject({ type: "run.completed", payload: { output: "HELLO!" } });
  });

  it("three levels: an agent's workflow tool runs a child whose own agent calls an MCP server's tool", async () => {
    const echoer = await create("echoer", {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("inner", "core.agent", {
          params: {
            provider: "scripted",
            prompt: "{{input}}",
            script: {
              toolCalls: [{ tool: "everything__echo", args: { message: "from the child" } }],
              finalText: "inner heard: {{results.0}}",
            },
          },
        }),
        graphNode("everything", "mcp.server", {
          label: "everything",
          mode: "tool",
          params: everythingStdio("three-levels"),
        }),
      ],
      edges: [graphEdge("entry", "output", "inner", "input"), graphEdge("everything", "tool", "inner", "tools")],
    });
    const runId = await startWorkflowRun(
      stack,
      {
        nodes: [
          graphNode("entry", "core.entry"),
          graphNode("outer", "core.agent", {
            params: {
              provider: "scripted",
              prompt: "{{input}}",
              script: { toolCalls: [{ tool: "echoer", args: { input: "go" } }], finalText: "outer got: {{results.0}}" },
            },
          }),
          graphNode("tool", "core.workflow.tool", { label: "Echoer", mode: "tool", params: { workflowId: echoer } }),
        ],
        edges: [graphEdge("entry", "output", "outer", "input"), graphEdge("tool", "tool", "outer", "tools")],
      } as WorkflowGraph,
      "go",
    );
    const result = await waitForRun(stack, runId, 30_000);
    expect(result.status, result.error ?? "").toBe("completed");
    expect((result.output as { text: string }).text).toMatch(/^outer got: .*inner heard: Echo: from the child/);

    const [child] = await children(runId);
    const parentCalls = (await listEvents(runId))
      .filter((event) => event.type === "tool.call.completed")
      .map((event) => event.payload);
    expect(parentCalls).toEqual([expect.objectContaining({ nodeId: "outer", toolName: "echoer", isError: false })]);
    const childEvents = await listEvents(child.id);
    expect(childEvents.filter((event) => event.type === "tool.call.completed").map((event) => event.payload)).toEqual([
      expect.objectContaining({
        nodeId: "inner",
        toolName: "everything__echo",
        result: "Echo: from the child",
        isError: false,
      }),
    ]);
    // the child's MCP server closed with the child run
    expect(childEvents.some((event) => event.type === "tool.teardown")).toBe(true);
  });

  it("lists the tool with the child workflow's input fields as its schema", async () => {
    const runId = await startWorkflowRun(stack, {
      nodes: [
        graphNode("entry", "core.entry"),
        // A call with the required field missing comes back as the child's refusal, naming the field.
        graphNode("agent", "core.agent", {
          params: {
            provider: "scripted",
            script: { toolCalls: [{ tool: "shout", args: { wrong: 1 } }], finalText: "{{results.0}}" },
          },
        }),
        graphNode("tool", "core.workflow.tool", { label: "Shout", mode: "tool", params: { workflowId: childId } }),
      ],
      edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("tool", "tool", "agent", "tools")],
    } as WorkflowGraph);
    const result = await waitForRun(stack, runId);
    expect(result.status).toBe("completed");
    expect(JSON.stringify(result.output)).toMatch(/input\.text is required/);
  });
});

describe("a Loop over a Workflow Tool", () => {
  it("runs the workflow once per item, as child runs", async () => {
    const runId = await startWorkflowRun(
      stack,
      {
        nodes: [
          graphNode("entry", "core.entry"),
          graphNode("each", "core.loop", { label: "Each", params: { args: { text: "{{item}}" }, concurrency: 3 } }),
          graphNode("tool", "core.workflow.tool", { label: "Shout", mode: "tool", params: { workflowId: childId } }),
        ],
        edges: [graphEdge("entry", "output", "each", "items"), graphEdge("tool", "tool", "each", "tools")],
      } as WorkflowGraph,
      ["a", "b", "c", "d"],
    );
    expect(await waitForRun(stack, runId)).toMatchObject({
      status: "completed",
      output: { results: ["A!", "B!", "C!", "D!"], errors: [] },
    });
    expect(await children(runId)).toHaveLength(4);
  });
});

describe("child runs end with their parent", () => {
  it("cancelling the parent cancels the child it waits for", async () => {
    const slowId = await create("slow child", {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("wait", "core.wait", { label: "Wait", params: { seconds: 60 } }),
      ],
      edges: [graphEdge("entry", "output", "wait", "input")],
    });
    const runId = await startWorkflowRun(stack, {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("call", "core.workflow.tool", { label: "Call slow", params: { workflowId: slowId } }),
      ],
      edges: [graphEdge("entry", "output", "call", "input")],
    } as WorkflowGraph);
    // The child's minute-long Wait suspends it (status waiting, no worker slot) while the parent waits on it.
    const child = await waitFor(
      "the child run to start waiting",
      async () => (await children(runId)).find((run) => run.status === "waiting"),
      15_000,
    );
    expect((await stack.fetch(`/api/runs/${runId}/cancel`, { method: "POST" })).status).toBe(202);
    const ended = await waitForRun(stack, runId);
    expect(ended.status, JSON.stringify(ended)).toBe("cancelled");
    expect((await waitForRun(stack, child.id)).status).toBe("cancelled");
  });

  it("a workflow that calls itself stops at the depth limit, saying why", async () => {
    const loopId = await create("calls itself", { nodes: [graphNode("entry", "core.entry")], edges: [] });
    const { updateWorkflow } = await import("../workflow-store/repository");
    const { publishWorkflow } = await import("../workflow-store/versions");
    await updateWorkflow(loopId, {
      graph: {
        nodes: [
          graphNode("entry", "core.entry"),
          graphNode("again", "core.workflow.tool", { label: "Again", params: { workflowId: loopId } }),
        ],
        edges: [graphEdge("entry", "output", "again", "input")],
      } as WorkflowGraph,
    });
    await publishWorkflow(loopId, "calls itself", null);
    const started = await stack.fetch(`/api/workflows/${loopId}/runs`, { method: "POST", body: "{}" });
    const { runId } = (await started.json()) as { runId: string };
    const result = await waitForRun(stack, runId, 60_000);
    expect(result.status).toBe("failed");
    expect(result.error).toMatch(/more than 5 deep/);
  }, 70_000);
});
