/**
 * The evaluator editor and dataset renaming as a person meets them: a dataset renamed on its page (a taken name
 * refused), then an evaluation built from the Add menu with one form per evaluator (output pattern, JSON Schema,
 * tool-call assertions, cost and latency ceilings, an LLM judge), its wrong fields named before anything is sent,
 * started, and followed until its pass rate and each evaluator's reasons show under the dataset's new name.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { TEMPS, weatherGraph } from "./support/weather-workflow";

/** The Start evaluation form's evaluator editor. */
class EvaluatorEditor {
  readonly cards: Locator;
  constructor(private readonly page: Page) {
    this.cards = page.getByTestId("evaluator-card");
  }

  /** Adds an evaluator from the menu by its label; answers its card. */
  async add(label: string): Promise<Locator> {
    const before = await this.cards.count();
    await this.page.getByLabel("Add an evaluator").selectOption({ label });
    await expect(this.cards).toHaveCount(before + 1);
    return this.cards.nth(before);
  }
}

const JUDGE_MODEL = JSON.stringify({
  provider: "scripted",
  script: { finalText: JSON.stringify({ score: 0.9, reason: "States a temperature, as asked" }) },
});

test("renames a dataset, builds evaluators with the editor and sees the evaluation's pass rate", async ({
  page,
  request,
}) => {
  const created = await request.post("/api/workflows", { data: { name: "Evaluators e2e", ...weatherGraph(1) } });
  const { id } = (await created.json()) as { id: string };
  const rows = Object.entries(TEMPS).map(([city, temp]) => ({ input: city, expectations: { temp: `${temp}°C` } }));
  const dataset = await request.post(`/api/workflows/${id}/datasets`, { data: { name: "cities", rows } });
  const { id: datasetId } = (await dataset.json()) as { id: string };
  expect((await request.post(`/api/workflows/${id}/datasets`, { data: { name: "taken" } })).status()).toBe(201);

  await page.goto(`/workflows/${id}/evaluations/datasets/${datasetId}`);
  await page.getByTestId("rename-dataset").click();
  const dialog = page.getByTestId("rename-dataset-dialog");
  await expect(dialog.getByLabel("Name")).toHaveValue("cities");
  await dialog.getByLabel("Name").fill("taken");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(`Workflow ${id} already has a dataset named "taken"`);
  await dialog.getByLabel("Name").fill("European cities");
  await dialog.getByLabel("What it checks").fill("Temperatures, in °C");
  await page.screenshot({ path: "test-results/dataset-rename.png" });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dataset European cities");
  await expect(page.getByText("Temperatures, in °C")).toBeVisible();

  await page.getByTestId("evaluate-dataset").click();
  const start = page.getByTestId("start-form");
  await expect(start.getByLabel("Dataset").locator("option:checked")).toHaveText("European cities (4 rows)");
  const editor = new EvaluatorEditor(page);
  await expect(editor.cards).toHaveCount(1);
  await start.getByRole("button", { name: "Remove evaluator 1" }).click();
  await expect(editor.cards).toHaveCount(0);

  const pattern = await editor.add("Output matches a pattern");
  const schema = await editor.add("Output fits a JSON Schema");
  await schema.getByLabel("JSON Schema").fill('{ "type": "object", "required": ["result"] ');
  const called = await editor.add("Tool was called");
  await start.getByRole("button", { name: "Start evaluation" }).click();
  await expect(start.getByRole("alert")).toHaveText("Some evaluators' fields are wrong: see below");
  await expect(pattern).toContainText("Pattern: required");
  await expect(schema).toContainText("JSON Schema: not JSON");
  await expect(called).toContainText("Tool: required");
  await page.screenshot({ path: "test-results/evaluator-errors.png", fullPage: true });

  await pattern.getByLabel("Pattern").fill("{{expected.temp}}");
  await schema.getByLabel("JSON Schema").fill('{ "type": "object", "required": ["result"] }');
  await called.getByLabel("Tool", { exact: true }).fill("weather");
  await expect(pattern).not.toContainText("required");
  const args = await editor.add("Tool called with arguments matching");
  await args.getByLabel("Tool", { exact: true }).fill("weather");
  await args.getByLabel("Argument").fill("input");
  await args.getByLabel("Pattern").fill("^{{input}}$");
  (await editor.add("Tool was not called")).getByLabel("Tool", { exact: true }).fill("delete_everything");
  await (await editor.add("At most N tool calls")).getByLabel("At most").fill("1");
  await expect((await editor.add("Cost ceiling")).getByLabel("At most (USD)")).toHaveValue("0.01");
  await expect((await editor.add("Latency ceiling")).getByLabel("At most (ms)")).toHaveValue("30000");
  const judge = await editor.add("LLM judge");
  await expect(judge.getByLabel("Model of node")).toHaveValue("agent");
  await judge.getByLabel("Model of node").selectOption("");
  await judge.getByLabel("Rubric").fill("The answer states a temperature.");
  await judge.getByLabel("Model settings").fill(JUDGE_MODEL);
  await judge.getByLabel("Name").fill("states a temperature");
  await expect(editor.cards).toHaveCount(9);
  await expect(start.getByRole("alert")).toHaveCount(0);
  await page.screenshot({ path: "test-results/evaluator-editor.png", fullPage: true });

  await start.getByRole("button", { name: "Start evaluation" }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/${id}/evaluations/[^/]+$`));
  await expect(page.getByTestId("evaluation-summary")).toContainText("Pass rate50%", { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Evaluation of European cities on draft");
  const results = page.getByTestId("evaluation-result");
  await expect(results).toHaveCount(4);
  await expect(results.nth(0)).toContainText("weather was called with its argument input matching /^Oslo$/");
  await expect(results.nth(0)).toContainText("States a temperature, as asked");
  await expect(results.nth(1)).toContainText(
    '✗ regex: The output "{\\"result\\":\\"Bergen: 10°C\\"}" does not match /9°C/',
  );
  await page.screenshot({ path: "test-results/evaluator-results.png", fullPage: true });
});
