/**
 * The Variables page: an editor sets an instance variable and a workflow's own, and a published workflow's run reads
 * them ({{vars.NAME}}); deleting one takes it off the list.
 */
import { expect, test } from "./support/test";

test("variables set on their page are read by a published workflow's next run", async ({ page, request }) => {
  const created = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "Reads variables",
      nodes: [
        {
          id: "out",
          type: "core.output",
          position: { x: 100, y: 160 },
          data: { label: "Out", mode: "normal", params: { value: "{{vars.REGION}} via {{vars.CHANNEL}}" } },
        },
      ],
      edges: [],
    },
  });
  const { id } = (await created.json()) as { id: string };

  await page.goto("/variables");
  const set = async (name: string, value: string, scope: string) => {
    await page.getByTestId("variable-name").fill(name);
    await page.getByTestId("variable-value").fill(value);
    await page.getByTestId("variable-scope").selectOption(scope);
    await page.getByTestId("variable-save").click();
    await expect(page.getByTestId("variable-row").filter({ hasText: `{{vars.${name}}}` })).toContainText(value);
  };
  await set("REGION", "eu-west", "");
  await set("CHANNEL", "#ops", id);
  await expect(page.getByTestId("variable-row").filter({ hasText: "CHANNEL" })).toContainText("Reads variables");
  await page.screenshot({ path: "test-results/variables.png" });

  const started = await request.post(`/api/workflows/${id}/runs`, { data: {} });
  const { runId } = (await started.json()) as { runId: string };
  await page.goto(`/runs/${runId}`);
  await expect(page.getByTestId("final-answer")).toContainText("eu-west via #ops");
  await expect(page.getByTestId("run-origin")).toHaveText(
    "Started through the API by Olive Owner's API key · version 1",
  );

  await page.goto("/variables");
  await page.getByRole("button", { name: "Delete REGION" }).click();
  await expect(page.getByTestId("variable-row").filter({ hasText: "REGION" })).toHaveCount(0);
});
