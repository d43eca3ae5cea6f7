/**
 * A gentle cancel (the Chat panel's agent switch) through the real API, gateway and workers: an
 * agent's tool call that ends within the grace finishes and the run stops before the next model
 * call; one that would outlast it is cut off after the grace with a warning naming it; a plain
 * cancel after a gentle one does not wait.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { startWorkflowRun } from "../testing/run-workflow";
import { waitFor } from "../testing/wait-for";
import { waitForRun } from "../testing/wait-for-run";
import type { WorkflowGraph } from "../workflow/graph";
import { listEvents } from "./read-events";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.close();
});

/** An agent that waits `seconds` through its Wait tool, then (if it gets there) waits again. */
const waitingAgent = (seconds: number): WorkflowGraph => ({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("agent", "core.agent", {
      params: {
        provider: "scripted",
        script: {
          toolCalls: [
            { tool: "wait", args: { seconds } },
            { tool: "wait", args: { seconds } },
          ],
          finalText: "done",
        },
      },
    }),
    graphNode("pause", "core.wait", { label: "Wait", mode: "tool" }),
  ],
  edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("pause", "tool", "agent", "tools")],
});

async function cancelWhenCalling(graph: WorkflowGraph, body: object) {
  const runId = await startWorkflowRun(stack, graph);
  await waitFor(
    "the tool call to start",
    async () => (await listEvents(runId)).some((event) => event.type === "tool.call.started") || undefined,
    20_000,
  );
  const requestedAt = Date.now();
  const response = await stack.fetch(`/api/runs/${runId}/cancel`, { method: "POST", body: JSON.stringify(body) });
  expect(response.status).toBe(202);
  return { runId, requestedAt };
}

const logLines = async (runId: string) =>
  (await listEvents(runId))
    .filter((event) => event.type === "log")
    .map((event) => event.payload as { level: string; message: string });

describe("a gentle cancel", () => {
  it("lets a tool call that ends within the grace finish, then stops before the next one", async () => {
    const { runId, requestedAt } = await cancelWhenCalling(waitingAgent(1.5), { graceSeconds: 5 });
    const result = await waitForRun(stack, runId, 20_000);
    expect(result.status).toBe("cancelled");
    expect(Date.now() - requestedAt).toBeLessThan(4_500);
    const events = await listEvents(runId);
    expect(events.filter((event) => event.type === "tool.call.completed")).toHaveLength(1);
    expect(events.filter((event) => event.type === "tool.call.started")).toHaveLength(1); // the second wait never began
    const lines = await logLines(runId);
    expect(lines).toContainEqual({
      level: "info",
      message: "Stopping: waiting up to 5 s for 1 tool call (wait) to finish",
    });
    expect(lines.some((line) => line.level === "warn")).toBe(false);
  });

  it("cuts off a tool call that outlasts the grace, with a warning naming it", async () => {
    const { runId, requestedAt } = await cancelWhenCalling(waitingAgent(60), { graceSeconds: 1 });
    const result = await waitForRun(stack, runId, 20_000);
    expect(result.status).toBe("cancelled");
    const took = Date.now() - requestedAt;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(8_000);
    expect(await logLines(runId)).toContainEqual({
      level: "warn",
      message: "Teardown forced after 1 s: 1 tool call (wait) still running",
    });
  });

  it("gives way to a plain cancel made while it waits", async () => {
    const { runId, requestedAt } = await cancelWhenCalling(waitingAgent(60), { graceSeconds: 30 });
    await stack.fetch(`/api/runs/${runId}/cancel`, { method: "POST" });
    expect((await waitForRun(stack, runId, 20_000)).status).toBe("cancelled");
    expect(Date.now() - requestedAt).toBeLessThan(10_000);
  });

  it("refuses a grace it cannot give, naming the field", async () => {
    const runId = await startWorkflowRun(stack, waitingAgent(1));
    const response = await stack.fetch(`/api/runs/${runId}/cancel`, {
      method: "POST",
      body: JSON.stringify({ graceSeconds: 600 }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("graceSeconds: graceSeconds may be at most 60");
    await stack.fetch(`/api/runs/${runId}/cancel`, { method: "POST" });
  });
});
