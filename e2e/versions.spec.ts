/**
 * Drafts and published versions as two people use them: the owner publishes version 1 while a second editor changes
 * the draft; the webhook keeps answering with version 1 until the second editor publishes version 2; the history
 * shows both, the changes of version 2 are drawn on the canvas, and restoring version 1 brings it back as the draft
 * while version 2 stays live.
 */
import { expect, test } from "./support/test";
import { createInvite, joinWithInvite } from "./support/accounts";
import { shareThroughFolder } from "./support/folders";
import { EditorPage } from "./pages/editor-page";

const node = (id: string, type: string, x: number, label: string, params: Record<string, unknown> = {}) => ({
  id,
  type,
  position: { x, y: 160 },
  data: { label, mode: "normal", params },
});

test("the webhook runs the published version while the draft changes; history, diff and restore", async ({
  page,
  request,
  browser,
}) => {
  const created = await request.post("/api/workflows", {
    data: {
      name: "Versions e2e",
      nodes: [
        node("hook", "trigger.webhook", 80, "Hook", { respond: "when-done" }),
        node("answer", "core.transform", 380, "Answer", { mode: "jsonata", expression: "'first'" }),
      ],
      edges: [{ id: "e1", source: "hook", sourceHandle: "output", target: "answer", targetHandle: "input" }],
    },
  });
  const { id } = (await created.json()) as { id: string };
  const hook = async () => {
    const called = await request.post(`/api/hooks/${id}/hook`, { data: {} });
    return { status: called.status(), body: JSON.stringify(await called.json()) };
  };

  // Never published: nothing is live.
  const owner = new EditorPage(page);
  await page.goto(`/workflows/${id}`);
  await expect(page.getByTestId("publish-state")).toHaveText("Not published");
  expect((await hook()).status).toBe(404); // the request carries an editor's key: told the draft is not live
  await page.getByTestId("publish-workflow").click();
  await page.getByTestId("publish-note").fill("first answer");
  await page.getByTestId("publish-confirm").click();
  await expect(page.getByTestId("publish-state")).toHaveText("v1 live");

  // A second editor changes the draft: the webhook still runs version 1.
  const danaEmail = `dana-${Date.now()}@example.com`;
  const dana = await joinWithInvite(browser, await createInvite(page, "editor"), {
    name: "Dana Draft",
    email: danaEmail,
    password: "correct horse battery staple",
  });
  await shareThroughFolder(page, id, danaEmail, "editor"); // since sharing, the owner's until shared
  const second = new EditorPage(dana);
  await dana.goto(`/workflows/${id}`);
  await second.select(second.node("Answer"));
  await second.param("expression").fill("'second'");
  await second.save();
  expect(await hook()).toMatchObject({ status: 200, body: expect.stringContaining("first") });

  await dana.getByTestId("publish-workflow").click();
  await dana.getByTestId("publish-confirm").click();
  await expect(dana.getByTestId("publish-state")).toHaveText("v2 live");
  expect(await hook()).toMatchObject({ status: 200, body: expect.stringContaining("second") });

  // The history: both versions with their authors; version 2's changes drawn on the canvas.
  await page.goto(`/workflows/${id}`);
  await page.getByTestId("open-history").click();
  await expect(page.getByTestId("history-version-2")).toContainText("Dana Draft");
  await expect(page.getByTestId("history-version-2")).toContainText("live");
  await expect(page.getByTestId("history-version-1")).toContainText("first answer");
  await page.getByTestId("history-version-2").getByRole("link", { name: "Changes" }).click();
  await page.waitForURL(new RegExp(`/workflows/${id}/versions/2\\?against=1`));
  await expect(page.getByTestId("diff-answer")).toHaveText("changed");
  await expect(page.getByTestId("diff-summary")).toContainText("params.expression");
  await expect(page.getByTestId("view-only")).toBeVisible();
  await page.screenshot({ path: "test-results/version-diff.png" });

  // Restoring version 1 brings it back as the draft; version 2 stays live.
  await page.goto(`/workflows/${id}`);
  await page.getByTestId("open-history").click();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByTestId("restore-version-1").click();
  await page.waitForLoadState("load");
  await owner.select(owner.node("Answer"));
  await expect(owner.param("expression")).toHaveValue("'first'");
  await expect(page.getByTestId("publish-state")).toHaveText("v2 live");
  expect(await hook()).toMatchObject({ status: 200, body: expect.stringContaining("second") });
});
