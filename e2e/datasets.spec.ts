/**
 * Datasets and evaluations made in the browser: a dataset created on the Evaluations page, rows added, corrected and
 * deleted by hand and imported from a CSV file and pasted JSONL, an evaluation of the draft started from the page
 * whose progress is followed until its pass rate shows; and a finished run added to a dataset from the run view, its
 * expected output corrected on the way.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { weatherGraph } from "./support/weather-workflow";

async function addRow(page: Page, input: string, output: string) {
  const form = page.getByTestId("row-add-form");
  await form.getByLabel("Input").fill(input);
  await form.getByLabel("Expected output").fill(output);
  await form.getByRole("button", { name: "Add row" }).click();
}

test("builds a dataset by hand and from files, then evaluates the draft from the page", async ({ page, request }) => {
  const created = await request.post("/api/workflows", {
    data: { name: "Datasets e2e", publish: true, ...weatherGraph(0) },
  });
  const { id } = (await created.json()) as { id: string };
  expect((await request.put(`/api/workflows/${id}`, { data: { name: "Datasets e2e", graph: weatherGraph(1) } })).ok());

  await page.goto(`/workflows/${id}/evaluations`);
  await page.getByTestId("new-dataset").click();
  const form = page.getByTestId("new-dataset-form");
  await form.getByLabel("Name").fill("cities");
  await form.getByLabel("What it checks").fill("Temperatures of European cities");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/${id}/evaluations/datasets/[^/]+$`));
  await expect(page.getByText("No rows yet")).toBeVisible();
  const datasetUrl = page.url();

  const rows = page.getByTestId("dataset-row");
  await addRow(page, "Oslo", "5°C");
  await expect(rows).toHaveCount(1);
  await page.getByRole("button", { name: "Edit row 1" }).click();
  await page.getByTestId("row-edit-form").getByLabel("Expected output").fill("4°C");
  await page.getByTestId("row-edit-form").getByRole("button", { name: "Save row" }).click();
  await expect(rows.first()).toContainText("4°C");

  const importer = page.getByTestId("dataset-import");
  await importer.locator('input[type="file"]').setInputFiles({
    name: "cities.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("input,expected.output\nBergen,9°C\nParis,12°C\nBerlin,7°C\n"),
  });
  await importer.getByRole("button", { name: "Import" }).click();
  await expect(importer.getByRole("status")).toHaveText("Added 3 rows");
  await expect(rows).toHaveCount(4);
  await importer.getByLabel("Format").selectOption("jsonl");
  await importer.getByLabel("File contents").fill('{ "input": "Atlantis", "expectations": { "output": "?" } }');
  await importer.getByRole("button", { name: "Import" }).click();
  await expect(rows).toHaveCount(5);
  await importer.getByLabel("File contents").fill("{ not json");
  await importer.getByRole("button", { name: "Import" }).click();
  await expect(importer.getByRole("alert")).toContainText("text: line 1: not JSON");
  await page.getByRole("button", { name: "Delete row 5" }).click();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(3)).toContainText("Berlin");
  await page.screenshot({ path: "test-results/dataset-rows.png", fullPage: true });

  await page.getByTestId("evaluate-dataset").click();
  const start = page.getByTestId("start-form");
  await expect(start.getByLabel("Dataset")).toHaveValue(/.+/);
  await expect(start.getByLabel("Run")).toHaveValue("draft");
  await expect(start.getByLabel("Run").locator("option")).toHaveText(["The draft", "Version 1 (live)"]);
  const evaluators = start.getByTestId("evaluator-card");
  await expect(evaluators).toHaveCount(1);
  await expect(evaluators.first()).toContainText("Output contains");
  await start.getByLabel("Add an evaluator").selectOption({ label: "At most N tool calls" });
  await evaluators.nth(1).getByLabel("At most").fill("1");
  await page.screenshot({ path: "test-results/evaluation-start.png", fullPage: true });
  await start.getByRole("button", { name: "Start evaluation" }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/${id}/evaluations/[^/]+$`));
  await expect(page.getByTestId("evaluation-summary")).toContainText("Pass rate50%", { timeout: 60_000 });
  await expect(page.getByTestId("evaluation-progress")).toHaveCount(0);
  await expect(page.getByTestId("evaluation-result")).toHaveCount(4);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Evaluation of cities on draft");
  await page.screenshot({ path: "test-results/evaluation-finished.png", fullPage: true });

  // Deleting the dataset asks first (Escape keeps it), then takes it and its evaluation away.
  await page.goto(datasetUrl);
  await page.getByTestId("delete-dataset").click();
  await expect(page.getByTestId("confirm-dialog")).toContainText('Delete the dataset "cities"?');
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("confirm-dialog")).toHaveCount(0);
  await page.getByTestId("delete-dataset").click();
  await page.getByTestId("confirm-button").click();
  await expect(page).toHaveURL(new RegExp(`/workflows/${id}/evaluations$`));
  await expect(page.getByRole("link", { name: "cities", exact: true })).toHaveCount(0);
  expect((await request.get(datasetUrl)).status()).toBe(404);
});

test("adds a finished run to a new dataset, then to that one, from the run view", async ({ page, request }) => {
  const created = await request.post("/api/workflows", {
    data: { name: "Run to dataset e2e", publish: true, ...weatherGraph(0) },
  });
  const { id } = (await created.json()) as { id: string };
  const started = await request.post(`/api/workflows/${id}/runs`, { data: { input: "Oslo" } });
  const { runId } = (await started.json()) as { runId: string };

  await page.goto(`/runs/${runId}`);
  await page.getByTestId("add-to-dataset").click();
  const dialog = page.getByTestId("add-to-dataset-dialog");
  await expect(dialog.getByLabel("Dataset", { exact: true })).toHaveValue("");
  await dialog.getByLabel("Name of the new dataset").fill("from runs");
  await expect(dialog.getByLabel("Expected output")).toHaveValue('{"result":"Oslo: 4°C"}');
  await dialog.getByLabel("Expected output").fill("Oslo: 4 °C");
  await page.screenshot({ path: "test-results/add-run-to-dataset.png" });
  await dialog.getByRole("button", { name: "Add row" }).click();
  await expect(dialog.getByTestId("added-to-dataset")).toContainText("Added as row 1");
  await dialog.getByRole("button", { name: "Close" }).click();

  await page.getByTestId("add-to-dataset").click();
  await expect(dialog.getByLabel("Dataset", { exact: true }).locator("option:checked")).toHaveText("from runs");
  await dialog.getByRole("button", { name: "Add row" }).click();
  await expect(dialog.getByTestId("added-to-dataset")).toContainText("Added as row 2");
  await dialog.getByRole("link", { name: "Open the dataset" }).click();
  const rows = page.getByTestId("dataset-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Oslo");
  await expect(rows.first()).toContainText("Oslo: 4 °C");
  await expect(rows.last()).toContainText("Oslo: 4°C");
});
