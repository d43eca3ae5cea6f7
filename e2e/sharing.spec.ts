/**
 * Sharing as two people would meet it: Ana's new workflow is hers alone (Ben, another editor, neither sees it in his
 * list nor opens it: not found); once the owner has put them both in a folder and Ana has filed it there, Ben sees it
 * with its folder and tags, finds it by search and by tag, and opens it view-only as the folder's viewer.
 */
import { createInvite, joinWithInvite } from "./support/accounts";
import { createFolderWith, fileWorkflow } from "./support/folders";
import { expect, test } from "./support/test";

test("a workflow is its owner's until it is shared through a folder", async ({ page, browser }) => {
  test.setTimeout(240_000); // three people and a folder on a shared, slow machine
  const stamp = Date.now();
  const ana = await joinWithInvite(browser, await createInvite(page, "editor"), {
    name: "Ana Owner",
    email: `ana-${stamp}@switchboard.test`,
    password: "a long enough password",
  });
  const ben = await joinWithInvite(browser, await createInvite(page, "editor"), {
    name: "Ben Other",
    email: `ben-${stamp}@switchboard.test`,
    password: "a long enough password",
  });

  await ana.getByTestId("new-workflow").click();
  await expect(ana).toHaveURL(/\/workflows\/\w+$/);
  const workflowPath = new URL(ana.url()).pathname;
  const name = `Invoices ${stamp}`;
  await ana.goto("/");
  const row = ana.getByTestId("workflow-row").filter({ hasText: "Untitled workflow" }).first();
  await row.getByTestId("workflow-rename").click();
  await ana.getByTestId("workflow-rename-input").fill(name);
  await ana.getByTestId("workflow-rename-input").press("Enter");
  await expect(ana.getByTestId("workflow-row").filter({ hasText: name })).toContainText("Private");

  await ben.goto("/");
  await expect(ben.getByTestId("workflow-row").filter({ hasText: name })).toHaveCount(0);
  await ben.goto(workflowPath);
  await expect(ben.getByText(/could not be found|not found/i).first()).toBeVisible();
  await expect(ben.getByTestId("view-only")).toHaveCount(0);

  await createFolderWith(page, `Finance ${stamp}`, { [`ana-${stamp}`]: "editor", [`ben-${stamp}`]: "viewer" });
  await page.screenshot({ path: "test-results/sharing-folders.png", fullPage: true });
  await fileWorkflow(ana, name, `Finance ${stamp}`, "finance, monthly");

  await ben.goto("/");
  const shared = ben.getByTestId("workflow-row").filter({ hasText: name });
  await expect(shared.getByTestId("workflow-folder")).toHaveText(`Finance ${stamp}`);
  await expect(shared.getByTestId("workflow-tags")).toContainText("monthly");
  await ben.getByTestId("workflow-search").fill("invoices");
  await ben.getByTestId("workflow-filter-apply").click();
  await expect(ben.getByTestId("workflow-row")).toHaveCount(1);
  await ben.goto("/");
  await ben.getByTestId("workflow-tag-chip").filter({ hasText: "finance" }).click();
  await expect(ben).toHaveURL(/tag=finance/);
  await expect(ben.getByTestId("workflow-row").filter({ hasText: name })).toBeVisible();
  await ben.screenshot({ path: "test-results/sharing-list.png", fullPage: true });
  await ben.goto(workflowPath);
  await expect(ben.getByTestId("view-only")).toBeVisible();
});
