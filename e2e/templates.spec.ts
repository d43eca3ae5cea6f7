/** Starting from the template gallery: a template opens as a new workflow that runs as it comes. */
import { expect, test } from "./support/test";
import { RunPage } from "./pages/run-page";

const statusOf = (page: import("@playwright/test").Page, label: string) =>
  page
    .locator(".react-flow__node", { has: page.locator(".node-title").getByText(label, { exact: true }) })
    .locator(".node-status");

test("the triage template opens as a new workflow and takes its alert branch", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("template-gallery").screenshot({ path: "test-results/template-gallery.png" });
  await page.getByTestId("template-triage").click();
  await page.waitForURL(/\/workflows\/[^/]+$/);
  await expect(page.getByTestId("workflow-name")).toHaveValue("Triage with If and Switch");
  await page.getByTestId("run-workflow").click();
  await page.waitForURL(/\/runs\/[^/]+$/);
  await new RunPage(page).expectCompleted();
  await expect(statusOf(page, "Notify on-call")).toHaveText("Done");
  await expect(statusOf(page, "Topic")).toHaveText("Skipped");
});

test("the workflow-as-a-tool template runs another workflow per item", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("template-workflow-as-tool").click();
  await page.waitForURL(/\/workflows\/[^/]+$/);
  await page.getByTestId("run-workflow").click();
  // Its Entry has input fields: Run asks for them, with the defaults filled in.
  await expect(page.getByTestId("run-input-form")).toBeVisible();
  await page.getByTestId("run-input-submit").click();
  await page.waitForURL(/\/runs\/[^/]+$/);
  await new RunPage(page).expectCompleted();
  await expect(page.getByTestId("final-answer")).toContainText("tea is on the list");
  await expect(page.getByTestId("child-run-link")).toHaveCount(3);
});
