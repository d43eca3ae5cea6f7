/**
 * Evaluations as a person meets them: two evaluations started through the API (the published version, then a changed
 * draft) are listed on the workflow's Evaluations page (reached from the workflow list), one opens to its rows'
 * verdicts and reasons with a link to each run, and the compare form shows the rows that changed.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { TEMPS, weatherGraph as graph } from "./support/weather-workflow";

const evaluators = [
  { kind: "contains", name: "temperature", value: "{{expected.temp}}" },
  { kind: "toolCalled", tool: "weather" },
  { kind: "maxToolCalls", max: 1 },
];

async function evaluate(request: APIRequestContext, id: string, version: string): Promise<string> {
  const started = await request.post(`/api/workflows/${id}/evaluations`, {
    data: { dataset: "cities", version, evaluators },
  });
  expect(started.status()).toBe(201);
  const { id: evaluationId } = (await started.json()) as { id: string };
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/workflows/${id}/evaluations/${evaluationId}`)).json()) as {
            status: string;
          }
        ).status,
      { timeout: 60_000 },
    )
    .toBe("completed");
  return evaluationId;
}

test("lists a workflow's evaluations, shows one's verdicts and compares two", async ({ page, request }) => {
  const created = await request.post("/api/workflows", {
    data: { name: "Evaluations e2e", publish: true, ...graph(0) },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const rows = Object.entries(TEMPS).map(([city, temp]) => ({ input: city, expectations: { temp: `${temp}°C` } }));
  expect((await request.post(`/api/workflows/${id}/datasets`, { data: { name: "cities", rows } })).status()).toBe(201);
  const first = await evaluate(request, id, "published");
  const saved = await request.put(`/api/workflows/${id}`, { data: { name: "Evaluations e2e", graph: graph(1) } });
  expect(saved.status()).toBe(200);
  const second = await evaluate(request, id, "draft");

  await page.goto("/");
  await page.locator(`[data-workflow-id="${id}"]`).getByTestId("workflow-evaluations").click();
  await expect(page).toHaveURL(new RegExp(`/workflows/${id}/evaluations$`));
  await expect(page.getByTestId("dataset-list")).toContainText("cities4 rows");
  const listed = page.getByTestId("evaluation-row");
  await expect(listed).toHaveCount(2);
  await expect(listed.first()).toContainText("draft");
  await expect(listed.first()).toContainText("50%");
  await expect(listed.last()).toContainText("v1");
  await expect(listed.last()).toContainText("100%");

  await listed.first().click();
  await expect(page).toHaveURL(new RegExp(`/evaluations/${second}$`));
  await expect(page.getByTestId("evaluation-summary")).toContainText("Pass rate50%");
  const results = page.getByTestId("evaluation-result");
  await expect(results).toHaveCount(4);
  await expect(results.nth(1)).toContainText("fail");
  await expect(results.nth(1)).toContainText('The output "{\\"result\\":\\"Bergen: 10°C\\"}" does not contain "9°C"');
  await expect(results.nth(0)).toContainText("weather was called once");
  await page.screenshot({ path: "test-results/evaluation-results.png", fullPage: true });
  await results.nth(0).getByRole("link", { name: "open" }).click();
  await expect(page).toHaveURL(/\/runs\//);

  await page.goto(`/workflows/${id}/evaluations`);
  await page.getByTestId("compare-form").getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(new RegExp(`before=${first}&after=${second}`));
  await expect(page.getByTestId("comparison-summary")).toContainText("Pass rate100% → 50%");
  const changed = page.locator('[data-testid="comparison-row"][data-change="broken"]');
  await expect(changed).toHaveCount(2);
  await expect(changed.first()).toContainText("Bergen: 10°C");
  await expect(changed.last()).toContainText("Berlin: 8°C");
  await page.screenshot({ path: "test-results/evaluation-compare.png", fullPage: true });
});
