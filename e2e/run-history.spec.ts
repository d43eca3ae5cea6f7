/**
 * Run history as a person uses it: run a workflow with an input from the editor, see that input on
 * the run, run it again with an edited input and with the same one, find every run in the Runs
 * list (filtered to the workflow and by status), and open a node's output in the run view. Then a
 * run from yesterday (moved back a day in the database: the one thing a browser cannot arrange) is
 * found by its day and run again with a changed input.
 */
import pg from "pg";
import { testDatabaseUrl } from "../lib/testing/test-slot";
import { expect, test } from "./support/test";
import { RunPage } from "./pages/run-page";

const graph = {
  name: "History e2e",
  nodes: [
    {
      id: "entry",
      type: "core.entry",
      position: { x: 80, y: 160 },
      data: { label: "Entry", mode: "normal", params: {} },
    },
    {
      id: "echo",
      type: "core.llm",
      position: { x: 420, y: 160 },
      data: {
        label: "Echo",
        mode: "normal",
        params: { provider: "scripted", prompt: "{{input}}", script: { toolCalls: [], finalText: "echo: {{input}}" } },
      },
    },
  ],
  edges: [{ id: "e1", source: "entry", sourceHandle: "output", target: "echo", targetHandle: "input" }],
};

test("runs with an input, runs again (edited and as it was), and finds every run in the history", async ({
  page,
  request,
}) => {
  const created = await request.post("/api/workflows", { data: { publish: true, ...graph } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const run = new RunPage(page);

  // Run with input… from the editor.
  await page.goto(`/workflows/${id}`);
  await page.getByTestId("run-with-input").click();
  await page.getByTestId("run-input-text").fill("first question");
  await expect(page.getByTestId("run-input-kind")).toContainText("Sent as text");
  await page.getByTestId("run-input-submit").click();
  await page.waitForURL(/\/runs\/[^/]+$/);
  await run.expectCompleted();
  await expect(run.finalAnswer).toContainText("echo: first question");
  await expect(page.getByTestId("run-input-value")).toHaveText("first question");
  const firstRunUrl = page.url();

  // A node's output, by clicking it on the canvas.
  await page.locator(".react-flow__node", { hasText: "Echo" }).click();
  await expect(page.getByTestId("node-output-value")).toContainText("echo: first question");
  await page.getByRole("button", { name: "Show every node" }).click();

  // Edit the input and run again.
  await page.getByTestId("rerun-edit").click();
  await expect(page.getByTestId("run-input-text")).toHaveValue("first question");
  await page.getByTestId("run-input-text").fill('{ "city": "Oslo" }');
  await expect(page.getByTestId("run-input-kind")).toContainText("Sent as JSON object");
  await page.getByTestId("run-input-submit").click();
  await page.waitForURL((url) => url.href !== firstRunUrl && /\/runs\/[^/]+$/.test(url.pathname));
  await run.expectCompleted();
  await expect(page.getByTestId("run-input-value")).toContainText('"city": "Oslo"');
  await expect(run.finalAnswer).toContainText("Oslo");
  const secondRunUrl = page.url();

  // Run again, same input.
  await page.getByTestId("rerun").click();
  await page.waitForURL((url) => url.href !== secondRunUrl && /\/runs\/[^/]+$/.test(url.pathname));
  await run.expectCompleted();
  await expect(page.getByTestId("run-input-value")).toContainText('"city": "Oslo"');
  const runIds = [firstRunUrl, secondRunUrl, page.url()].map((url) => url.split("/runs/")[1]);
  await page.screenshot({ path: "test-results/run-view-input.png" });

  // The history: this workflow's three runs, newest first, from the editor's Runs button.
  await page.goto(`/workflows/${id}`);
  await page.getByTestId("workflow-runs").click();
  await expect(page).toHaveURL(new RegExp(`/runs\\?workflowId=${id}`));
  await expect(page.getByRole("heading", { name: "Runs of History e2e" })).toBeVisible();
  const rows = page.getByTestId("run-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toHaveAttribute("data-run-id", runIds[2]);
  await expect(rows.last()).toHaveAttribute("data-run-id", runIds[0]);
  for (const row of await rows.all()) await expect(row).toHaveAttribute("data-status", "completed");
  await page.screenshot({ path: "test-results/run-history.png", fullPage: true });

  // Filters: no failed runs; back to all statuses; the nav's Runs page lists runs of every workflow.
  await page.getByTestId("filter-status").selectOption("failed");
  await expect(page.getByText("No runs match these filters")).toBeVisible();
  await page.getByTestId("filter-status").selectOption("");
  await expect(rows).toHaveCount(3);
  await page.getByTestId("nav-runs").click();
  await expect(page.getByRole("heading", { name: "Runs", exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: "History e2e" })).toHaveCount(3);

  // A row opens its run.
  await rows.filter({ hasText: "History e2e" }).last().click();
  await expect(page).toHaveURL(firstRunUrl);
  await expect(page.getByTestId("run-input-value")).toHaveText("first question");

  // The exact graph a run used opens read-only: nothing is copied.
  await page.getByTestId("open-run-graph").click();
  await page.waitForURL(new RegExp(`/runs/${runIds[0]}/graph$`));
  await expect(page.getByTestId("version-banner")).toContainText(`The graph run ${runIds[0].slice(0, 8)} used`);
  await expect(page.getByTestId("workflow-name")).toHaveValue("History e2e");
  await expect(page.getByTestId("view-only")).toBeVisible();
  await expect(page.locator(".react-flow__node")).toHaveCount(2);

  // Yesterday's run: found by its day, opened, and run again with a changed input.
  const db = new pg.Client({ connectionString: testDatabaseUrl("e2e") });
  await db.connect();
  try {
    await db.query(
      `UPDATE "Run" SET "createdAt" = "createdAt" - interval '1 day', "startedAt" = "startedAt" - interval '1 day',
        "finishedAt" = "finishedAt" - interval '1 day' WHERE id = $1`,
      [runIds[0]],
    );
  } finally {
    await db.end();
  }
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await page.goto(`/runs?workflowId=${id}`);
  await page.getByTestId("filter-since").fill(yesterday);
  await page.waitForURL(/since=/);
  await page.getByTestId("filter-until").fill(yesterday);
  await page.waitForURL(/until=/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-run-id", runIds[0]);
  await page.screenshot({ path: "test-results/screenshots/run-history-yesterday.png", fullPage: true });
  await rows.first().click();
  await expect(page).toHaveURL(firstRunUrl);
  await page.getByTestId("rerun-edit").click();
  await page.getByTestId("run-input-text").fill("a question for today");
  await page.getByTestId("run-input-submit").click();
  await page.waitForURL((url) => url.href !== firstRunUrl && /\/runs\/[^/]+$/.test(url.pathname));
  await run.expectCompleted();
  await expect(run.finalAnswer).toContainText("echo: a question for today");
});
