/**
 * The Secrets page: a person adds a secret, replaces its value and deletes it. The value is
 * write-only: after saving it is nowhere in the page's HTML, nor in what the API answers.
 */
import { expect, test } from "./support/test";
import { SecretsPage } from "./pages/secrets-page";

const FIRST = "e2e-first-value-91c2";
const SECOND = "e2e-second-value-4d7e";

test("add, replace and delete a secret without its value ever coming back", async ({ page, request }) => {
  await page.goto("/");
  await page.getByTestId("nav-secrets").click();
  await expect(page).toHaveURL(/\/secrets$/);
  await expect(page.getByRole("heading", { name: "Secrets", exact: true })).toBeVisible();
  const secrets = new SecretsPage(page);

  await secrets.add("E2E_TOKEN", FIRST);
  expect(await page.content()).not.toContain(FIRST);
  await page.reload();
  await expect(secrets.row("E2E_TOKEN")).toBeVisible();
  expect(await page.content()).not.toContain(FIRST);

  await secrets.replace("E2E_TOKEN", SECOND);
  await page.reload();
  const html = await page.content();
  expect(html).not.toContain(FIRST);
  expect(html).not.toContain(SECOND);
  const listed = await (await request.get("/api/secrets")).text();
  expect(listed).toContain('"name":"E2E_TOKEN"');
  expect(listed).not.toContain(SECOND);

  // A bad name is refused with the API's message naming the field.
  await page.getByTestId("secret-name").fill("9 lives");
  await page.getByTestId("secret-value").fill("x");
  await page.getByTestId("save-secret").click();
  await expect(page.getByTestId("secret-error")).toContainText("name: a secret name uses letters");

  await secrets.delete("E2E_TOKEN");
  await page.reload();
  // Other specs may keep secrets of their own; this one is gone.
  await expect(secrets.row("E2E_TOKEN")).toHaveCount(0);
  await expect(secrets.rows.filter({ hasText: "E2E_TOKEN" })).toHaveCount(0);
});
