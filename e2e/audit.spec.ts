/**
 * The audit trail as a person uses it: runs whose agents call a tool (and one that names a tool it
 * was never given) leave rows on the Tool calls page; the filters narrow them; deleting the
 * workflow keeps its rows, which no longer link to the deleted run.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { WorkflowListPage } from "./pages/workflow-list-page";
import { exampleWorkflowGraph } from "../lib/workflow-store/example";

async function runToEnd(request: APIRequestContext, name: string, toolCalls: { tool: string; args: object }[]) {
  const graph = exampleWorkflowGraph();
  graph.nodes.find((node) => node.id === "agent")!.data.params.script = { toolCalls, finalText: "done" };
  const created = await request.post("/api/workflows", { data: { publish: true, ...graph, name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const started = await request.post(`/api/workflows/${id}/runs`, { data: {} });
  const { runId } = (await started.json()) as { runId: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/runs/${runId}`)).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe("completed");
  return runId;
}

test("tool calls across runs are listed, filtered, and kept after their workflow is deleted", async ({
  page,
  request,
}) => {
  const name = `Audit e2e ${Date.now()}`;
  const runId = await runToEnd(request, name, [
    { tool: "http_request", args: { url: "/api/health" } },
    { tool: "self_destruct", args: { seconds: 10 } },
  ]);

  await page.goto("/");
  await page.getByTestId("nav-audit").click();
  await expect(page.getByRole("heading", { name: "Tool calls" })).toBeVisible();
  await page.getByTestId("audit-filter-workflow").selectOption({ label: name });
  await page.waitForURL(/workflowId=/);
  const rows = page.getByTestId("audit-row");
  await expect(rows).toHaveCount(2);
  const completed = rows.filter({ has: page.locator("code", { hasText: "http_request" }) });
  await expect(completed).toHaveAttribute("data-outcome", "completed");
  await expect(completed).toContainText('{"url":"/api/health"}');
  await expect(completed).toContainText("Agent · Switchboard node");
  await expect(rows.filter({ hasText: "self_destruct" })).toHaveAttribute("data-outcome", "blocked");
  await expect(completed.getByRole("link", { name })).toHaveAttribute("href", `/runs/${runId}`);
  await page.screenshot({ path: "test-results/screenshots/audit-page.png", fullPage: true });

  await page.getByTestId("audit-filter-outcome").selectOption("blocked");
  await page.waitForURL(/outcome=blocked/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-tool", "self_destruct");

  // Deleting the workflow deletes its runs, not its audit rows.
  const list = new WorkflowListPage(page);
  await list.open();
  const dialog = await list.askToDelete(name);
  await dialog.getByTestId("confirm-button").click();
  await expect(list.row(name)).toHaveCount(0);
  await page.goto("/audit");
  await page.getByTestId("audit-filter-workflow").selectOption({ label: name });
  await page.waitForURL(/workflowId=/);
  await expect(rows).toHaveCount(2);
  await expect(rows.getByRole("link", { name })).toHaveCount(0);
});
