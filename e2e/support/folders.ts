/** Sharing through the real pages: an admin makes a folder and adds people; someone files a workflow into it. */
import { expect, type Page } from "@playwright/test";

/** On /folders, as an admin: a new folder named `name`, with each person (by email) in the role given. */
export async function createFolderWith(admin: Page, name: string, members: Record<string, "viewer" | "editor">) {
  await admin.goto("/folders");
  await admin.getByTestId("folder-name").fill(name);
  await admin.getByTestId("create-folder").click();
  const card = admin.locator(`[data-testid="folder-card"][data-folder-name="${name}"]`);
  await expect(card).toBeVisible();
  for (const [email, role] of Object.entries(members)) {
    const person = card.getByTestId("folder-add-person");
    const value = await person.locator("option", { hasText: email }).getAttribute("value");
    await person.selectOption(value!);
    await card.getByTestId("folder-add-role").selectOption(role);
    await card.getByTestId("folder-add-member").click();
    await expect(card.getByTestId("folder-member").filter({ hasText: email })).toBeVisible();
  }
}

/** On the workflow list: puts the workflow called `workflowName` into `folderName` with `tags`. */
export async function fileWorkflow(page: Page, workflowName: string, folderName: string, tags = "") {
  await page.goto("/");
  const row = page.getByTestId("workflow-row").filter({ hasText: workflowName });
  await row.getByTestId("workflow-place").click();
  const dialog = page.getByTestId("place-dialog");
  await dialog.getByTestId("place-folder").selectOption({ label: folderName });
  await dialog.getByTestId("place-tags").fill(tags);
  await dialog.getByTestId("place-save").click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId("workflow-folder")).toHaveText(folderName);
}

/** As an admin: shares the workflow `workflowId` with the person `email` as `role`, through a folder of its own. */
export async function shareThroughFolder(admin: Page, workflowId: string, email: string, role: "viewer" | "editor") {
  const name = `Shared ${workflowId.slice(-6)} ${Date.now()}`;
  await createFolderWith(admin, name, { [email]: role });
  const listed = await admin.request.get("/api/folders");
  const { folders } = (await listed.json()) as { folders: { id: string; name: string }[] };
  const folderId = folders.find((folder) => folder.name === name)?.id;
  const filed = await admin.request.patch(`/api/workflows/${workflowId}`, { data: { folderId } });
  expect(filed.status()).toBe(200);
}
