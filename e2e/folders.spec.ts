/**
 * Folders as a team runs them, through the Folders page: an editor makes a folder and so manages it (adds a colleague
 * as an editor, makes them a manager, renames the folder); the colleague, while only an editor of it, sees it but gets
 * no controls; a folder never loses its last manager to a non-admin.
 */
import { createInvite, joinWithInvite } from "./support/accounts";
import { expect, test } from "./support/test";

test("an editor makes a folder, manages it, and shares its management", async ({ page, browser }) => {
  test.setTimeout(180_000); // two people join on a shared, slow machine
  const stamp = Date.now();
  const join = async (name: string, email: string) =>
    joinWithInvite(browser, await createInvite(page, "editor"), { name, email, password: "a long enough password" });
  const maya = await join("Maya Lead", `maya-${stamp}@switchboard.test`);
  const eli = await join("Eli Member", `eli-${stamp}@switchboard.test`);

  await maya.goto("/folders");
  await maya.getByTestId("folder-name").fill(`Support ${stamp}`);
  await maya.getByTestId("create-folder").click();
  const card = maya.locator(`[data-testid="folder-card"][data-folder-name="Support ${stamp}"]`);
  await expect(card.getByTestId("folder-access")).toHaveText("You manage it");
  await expect(card.getByTestId("folder-member").filter({ hasText: "Maya Lead" })).toContainText("manager");
  const person = card.getByTestId("folder-add-person");
  await person.selectOption((await person.locator("option", { hasText: `eli-${stamp}` }).getAttribute("value"))!);
  await card.getByTestId("folder-add-role").selectOption("editor");
  await card.getByTestId("folder-add-member").click();
  await expect(card.getByTestId("folder-member").filter({ hasText: "Eli Member" })).toBeVisible();
  await maya.screenshot({ path: "test-results/folders-manager.png", fullPage: true });

  await eli.goto("/folders");
  const seen = eli.locator(`[data-testid="folder-card"][data-folder-name="Support ${stamp}"]`);
  await expect(seen.getByTestId("folder-access")).toHaveText("You add workflows");
  await expect(seen.getByTestId("rename-folder")).toHaveCount(0);
  await expect(seen.getByTestId("folder-add-member")).toHaveCount(0);
  await eli.screenshot({ path: "test-results/folders-member.png", fullPage: true });

  // Maya cannot step down while she is the only manager; once Eli manages it too, he renames it.
  const mine = card.getByTestId("folder-member").filter({ hasText: "Maya Lead" }).getByTestId("folder-member-role");
  await mine.selectOption("editor");
  await expect(maya.getByTestId("folder-error")).toContainText("would have no manager left");
  const his = card.getByTestId("folder-member").filter({ hasText: "Eli Member" }).getByTestId("folder-member-role");
  await his.selectOption("manager");
  await expect(maya.getByTestId("folder-error")).toHaveCount(0);
  await eli.reload();
  await seen.getByTestId("rename-folder").click();
  await seen.getByLabel("New name").fill(`Customer support ${stamp}`);
  await seen.getByTestId("folder-rename-save").click();
  await expect(eli.locator(`[data-testid="folder-card"][data-folder-name="Customer support ${stamp}"]`)).toBeVisible();
});
