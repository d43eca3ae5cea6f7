/** A run in which nothing ran is no success (issue 27, defect 5): one whose every step was skipped fails saying why. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphEdge, graphNode } from "../testing/fixtures";
import { runWorkflowToEnd } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { listEvents } from "./read-events";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.close());

describe("a run where nothing ran", () => {
  it("fails a run whose every step was skipped, instead of calling it completed", async () => {
    // Run by hand, the webhook does not fire: everything after it is skipped, and the Entry leads nowhere.
    const { runId, result } = await runWorkflowToEnd(stack, {
      nodes: [
        graphNode("entry", "core.entry", { label: "Manual" }),
        graphNode("hook", "trigger.webhook", { label: "Hook" }),
        graphNode("shape", "core.transform", { label: "Shape", params: { template: { got: "{{input}}" } } }),
      ],
      edges: [graphEdge("hook", "output", "shape", "input")],
    });
    expect(result.status).toBe("failed");
    expect(result.error).toMatch(/^Nothing ran: all 1 step was skipped/);
    const types = (await listEvents(runId)).map((event) => event.type);
    expect(types).toContain("node.skipped");
    expect(types.at(-1)).toBe("run.failed");
  });
});
