/**
 * Cost as a person meets it: an admin prices the scripted test model in Settings → Model prices, an agent run's model
 * calls then cost the table's arithmetic in the run view's header and in the Runs list, and a workflow's cost budget,
 * set in the editor's workflow settings, stops a run that spends past it.
 */
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";
import { RunPage } from "./pages/run-page";

// Two model calls of 1000 input and 500 output tokens at $2.50 / $10 per million: 2 × $0.0075.
const script = {
  toolCalls: [{ tool: "http_request", args: { url: "/api/health" } }],
  finalText: "It answered {{results.0}}",
  usagePerCall: { inputTokens: 1000, outputTokens: 500 },
};
const graph = {
  name: "Cost e2e",
  nodes: [
    {
      id: "entry",
      type: "core.entry",
      position: { x: 60, y: 160 },
      data: { label: "Entry", mode: "normal", params: {} },
    },
    {
      id: "agent",
      type: "core.agent",
      position: { x: 380, y: 160 },
      data: { label: "Agent", mode: "normal", params: { provider: "scripted", script } },
    },
    {
      id: "http",
      type: "core.http.request",
      position: { x: 380, y: 620 },
      data: { label: "HTTP Request", mode: "tool", params: {} },
    },
  ],
  edges: [
    { id: "e1", source: "entry", sourceHandle: "output", target: "agent", targetHandle: "input" },
    { id: "e2", source: "http", sourceHandle: "tool", target: "agent", targetHandle: "tools" },
  ],
};

test("prices the model in Settings, shows what a run cost, and stops a run past its budget", async ({
  page,
  request,
}) => {
  await page.goto("/settings");
  const prices = page.getByTestId("model-prices");
  await prices.getByRole("button", { name: "Add a model" }).click();
  const row = prices.getByTestId("model-price-row").last();
  await row.getByLabel(/^provider/).fill("scripted");
  await row.getByLabel(/^model/).fill("scripted");
  await row.getByLabel(/^input/).fill("2.5");
  await row.getByLabel(/^output/).fill("10");
  await prices.getByTestId("model-prices-save").click();
  await expect(prices.getByRole("status")).toContainText("Saved");

  const created = await request.post("/api/workflows", { data: { publish: true, ...graph } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const started = await request.post(`/api/workflows/${id}/runs`, { data: {} });
  const { runId } = (await started.json()) as { runId: string };

  const run = new RunPage(page);
  await page.goto(`/runs/${runId}`);
  await run.expectCompleted();
  await expect(page.getByTestId("run-cost")).toHaveText("$0.015");
  await page.getByTestId("rf__node-agent").click();
  await expect(page.getByTestId("node-usage")).toContainText("3000 tokens (2000 in, 1000 out) · $0.015");
  await page.screenshot({ path: "test-results/run-view-cost.png" });

  await page.goto(`/runs?workflowId=${id}`);
  await expect(page.locator(`[data-run-id="${runId}"]`).getByTestId("run-row-cost")).toHaveText("$0.015");

  // A budget below one run's cost, set in the editor: the next run stops after its first model call.
  const editor = new EditorPage(page);
  await page.goto(`/workflows/${id}`);
  await editor.canvas.click({ position: { x: 10, y: 10 } }); // nothing selected: the workflow's settings
  await editor.inspector.getByTestId("cost-budget-usd").fill("0.005");
  await editor.save();
  // The API runs the published version: the budget counts once published.
  await page.getByTestId("publish-workflow").click();
  await page.getByTestId("publish-confirm").click();
  await expect(page.getByTestId("publish-state")).toHaveText("v2 live");
  const limited = await request.post(`/api/workflows/${id}/runs`, { data: {} });
  const { runId: limitedId } = (await limited.json()) as { runId: string };
  await page.goto(`/runs/${limitedId}`);
  await expect(run.status).toHaveText("failed", { timeout: 60_000 });
  await expect(page.getByTestId("run-error")).toContainText("cost $0.0075, more than its budget of $0.005");
  await expect(page.getByTestId("run-cost")).toHaveText("$0.0075");
});
