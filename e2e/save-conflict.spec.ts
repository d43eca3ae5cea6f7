/**
 * Two tabs editing one workflow: the second save does not silently overwrite the first; the editor asks whether to
 * reload or overwrite.
 */
import { expect, test } from "./support/test";

test("a save based on an older version gets the conflict dialog, and overwriting is a choice", async ({
  page,
  context,
  request,
}) => {
  const created = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "Shared draft",
      nodes: [
        {
          id: "entry",
          type: "core.entry",
          position: { x: 100, y: 160 },
          data: { label: "Entry", mode: "normal", params: {} },
        },
      ],
      edges: [],
    },
  });
  const { id } = (await created.json()) as { id: string };
  const first = page;
  const second = await context.newPage();
  await first.goto(`/workflows/${id}`);
  await second.goto(`/workflows/${id}`);

  await first.getByTestId("workflow-name").fill("Renamed in the first tab");
  await first.getByTestId("save-workflow").click();
  await expect(first.getByTestId("save-state")).toHaveText("Saved");

  await second.getByTestId("workflow-name").fill("Renamed in the second tab");
  await second.getByTestId("save-workflow").click();
  const dialog = second.getByTestId("save-conflict-dialog");
  await expect(dialog).toBeVisible();
  await second.screenshot({ path: "test-results/save-conflict.png" });
  // Nothing was overwritten yet.
  const stored = async () =>
    ((await (await request.get("/api/workflows")).json()) as { id: string; name: string }[]).find(
      (workflow) => workflow.id === id,
    )?.name;
  expect(await stored()).toBe("Renamed in the first tab");

  await second.getByTestId("conflict-overwrite").click();
  await expect(dialog).toBeHidden();
  await expect(second.getByTestId("save-state")).toHaveText("Saved");
  expect(await stored()).toBe("Renamed in the second tab");

  // The first tab is now the stale one; reloading shows the second tab's version.
  await first.getByTestId("workflow-name").fill("Third try");
  await first.getByTestId("save-workflow").click();
  await first.getByTestId("conflict-reload").click();
  await expect(first.getByTestId("workflow-name")).toHaveValue("Renamed in the second tab");
});
