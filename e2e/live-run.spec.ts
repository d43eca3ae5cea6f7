/**
 * The run view tails a run as it happens, not only after the fact: a tool call that is still
 * waiting for its answer shows up as pending, then its result and the final answer arrive
 * without a reload. The tool calls a server this test holds open, so the run is mid-flight
 * while the page watches.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./support/test";
import { RunPage } from "./pages/run-page";
import { exampleWorkflowGraph } from "../lib/workflow-store/example";

let server: Server;
let releaseAnswer: () => void;
let requestArrived: Promise<void>;

test.beforeEach(async () => {
  const answer = new Promise<void>((resolve) => (releaseAnswer = resolve));
  let markArrived!: () => void;
  requestArrived = new Promise<void>((resolve) => (markArrived = resolve));
  server = createServer(async (_request, response) => {
    markArrived();
    await answer;
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ forecast: "sunny", celsius: 21 }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

test.afterEach(async () => {
  releaseAnswer();
  await new Promise((resolve) => server.close(resolve));
});

test("a waiting tool call appears live, then its result and the answer stream in", async ({ page, request }) => {
  const { port } = server.address() as AddressInfo;
  const weatherUrl = `http://127.0.0.1:${port}/weather`;
  const graph = exampleWorkflowGraph();
  const agent = graph.nodes.find((node) => node.id === "agent")!;
  agent.data.params.script = {
    toolCalls: [{ tool: "http_request", args: { url: weatherUrl } }],
    finalText: "Forecast: {{results.0}}",
  };

  const created = await request.post("/api/workflows", { data: { publish: true, ...graph, name: "Live weather" } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const started = await request.post(`/api/workflows/${id}/runs`, { data: { input: "What is the weather?" } });
  expect(started.status()).toBe(201);
  const { runId } = (await started.json()) as { runId: string };

  await requestArrived;
  const run = new RunPage(page);
  await page.goto(`/runs/${runId}`);
  const call = run.toolCall("http_request");
  await expect(call.getByTestId("tool-call-pending")).toBeVisible();
  await expect(call.getByTestId("tool-call-args")).toContainText(weatherUrl);
  await expect(run.status).toHaveText("running");

  releaseAnswer();
  await expect(call.getByTestId("tool-call-result")).toContainText('"forecast":"sunny"');
  await expect(call.getByTestId("tool-call-pending")).toHaveCount(0);
  await run.expectCompleted();
  await expect(run.finalAnswer).toContainText('Forecast: {"status":200,"body":{"forecast":"sunny","celsius":21}}');
});

test("the agent's answer streams into the run view word by word, then stands as the final answer", async ({
  page,
  request,
}) => {
  const { port } = server.address() as AddressInfo;
  const graph = exampleWorkflowGraph();
  const agent = graph.nodes.find((node) => node.id === "agent")!;
  const answer = "Streaming arrives a few words at a time, so nobody stares at a spinner while the model writes.";
  // The held tool call keeps the answer from starting until the page watches, however slowly it loads.
  const toolCalls = [{ tool: "http_request", args: { url: `http://127.0.0.1:${port}/hold` } }];
  agent.data.params.script = { toolCalls, finalText: answer, streamDelayMs: 200 };
  const created = await request.post("/api/workflows", { data: { publish: true, ...graph, name: "Streaming answer" } });
  const { id } = (await created.json()) as { id: string };
  const started = await request.post(`/api/workflows/${id}/runs`, { data: { input: "Tell me about streaming" } });
  const { runId } = (await started.json()) as { runId: string };

  const run = new RunPage(page);
  await page.goto(`/runs/${runId}`);
  await expect(run.toolCall("http_request").getByTestId("tool-call-pending")).toBeVisible();
  releaseAnswer();
  const streaming = page.getByTestId("streaming-answer");
  // Part of the answer is on screen while the rest is still being written: read in the same look as
  // the check, since the streaming view gives way to the final answer the moment the run ends.
  const shown = await page.waitForFunction((full) => {
    const text = document.querySelector('[data-testid="streaming-answer"] .final-answer-text')?.textContent ?? "";
    return text.includes("Streaming arrives") && text.length < full.length ? text : null;
  }, answer);
  const partial = (await shown.jsonValue()) ?? "";
  expect(partial).toContain("Streaming arrives");
  expect(partial.length).toBeLessThan(answer.length);
  await page.screenshot({ path: "test-results/screenshots/streaming-answer.png" });
  await run.expectCompleted();
  await expect(streaming).toHaveCount(0);
  await expect(run.finalAnswer).toContainText(answer);
});
