/**
 * An agent with tools wired in that the gateway offers none of (here: an allow-list naming no tool
 * it has) still answers, and the run's log says why it had no tools — instead of a silent answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listEvents } from "../runs/read-events";
import { graphEdge, graphNode } from "../testing/fixtures";
import { runWorkflowToEnd } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.close();
});

const agentWith = (allowedTools: string) => ({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("agent", "core.agent", {
      label: "Researcher",
      params: { provider: "scripted", allowedTools, script: { toolCalls: [], finalText: "answered" } },
    }),
    graphNode("pause", "core.wait", { label: "Wait", mode: "tool" }),
  ],
  edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("pause", "tool", "agent", "tools")],
});

const warnings = async (runId: string) =>
  (await listEvents(runId))
    .filter((event) => event.type === "log" && (event.payload as { level: string }).level === "warn")
    .map((event) => event.payload);

describe("an agent offered none of its wired tools", () => {
  it("answers without them and warns, naming the allow-list that matched nothing", async () => {
    const { runId, result } = await runWorkflowToEnd(stack, agentWith("fetch_page"));
    expect(result.status).toBe("completed");
    expect(await warnings(runId)).toEqual([
      {
        level: "warn",
        nodeId: "agent",
        message:
          "1 tool node is wired in, but the gateway offers no tools: its allowed tools (fetch_page) match none of " +
          'theirs. "Researcher" goes on without tools.',
      },
    ]);
  });

  it("says nothing when its tools are offered", async () => {
    const { runId, result } = await runWorkflowToEnd(stack, agentWith("*"));
    expect(result.status).toBe("completed");
    expect(await warnings(runId)).toEqual([]);
  });
});
