/**
 * A tool's name is its own field (issue 27): a node renamed after it was named keeps offering its
 * tool under the name it was given, and a URL typed into the node (fixed) is what the call uses.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startCountingServer, type CountingServer } from "../testing/counting-server";
import { graphEdge, graphNode } from "../testing/fixtures";
import { runWorkflowToEnd } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { listEvents } from "../runs/read-events";

let stack: TestStack;
let server: CountingServer;
beforeAll(async () => {
  [stack, server] = await Promise.all([startTestStack(), startCountingServer()]);
});
afterAll(async () => {
  await Promise.all([stack.close(), server.close()]);
});

it("offers a renamed node's tool under its own name, calling the URL typed into it", async () => {
  const { runId, result } = await runWorkflowToEnd(stack, {
    nodes: [
      graphNode("entry", "core.entry"),
      graphNode("agent", "core.agent", {
        label: "Forecaster",
        params: {
          provider: "scripted",
          allowedTools: "weather_api",
          script: { toolCalls: [{ tool: "weather_api", args: {} }], finalText: "{{results.0}}" },
        },
      }),
      graphNode("weather", "core.http.request", {
        label: "Weather API tab B",
        mode: "tool",
        params: { url: `${server.url}/forecast` },
        toolConfig: { toolName: "weather_api", exposedInputIds: [] },
      }),
    ],
    edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("weather", "tool", "agent", "tools")],
  });
  expect(result.status).toBe("completed");
  const registered = (await listEvents(runId)).find((event) => event.type === "tool.registered");
  expect(registered?.payload).toMatchObject({ nodeId: "weather", toolName: "weather_api" });
  expect(server.hits("GET /forecast?")).toBe(1);
  expect(JSON.stringify(result.output)).toContain("hit GET /forecast");
});
