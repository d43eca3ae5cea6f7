/**
 * Runs before every other spec, on a fresh database: a person opens Switchboard for the first
 * time, creates the owner account, turns host access on in Settings and creates an API key. The
 * signed-in state and the key are saved for the other specs (e2e/support/test.ts).
 */
import { writeFileSync, mkdirSync } from "node:fs";
import { expect, test as setup } from "@playwright/test";
import { fillAccountForm } from "./support/accounts";
import { AUTH_DIR, OWNER, OWNER_API_KEY, OWNER_STATE } from "./support/auth-files";
import { hydrateOnGoto } from "./support/hydration";

setup("first start: create the owner, enable host access, create an API key", async ({ page: fresh }) => {
  const page = hydrateOnGoto(fresh);
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole("heading", { name: "Create the owner account" })).toBeVisible();
  await fillAccountForm(page, {
    name: OWNER.name,
    email: OWNER.email,
    password: OWNER.password,
    confirm: OWNER.password,
  });
  await page.getByTestId("account-submit").click();
  await expect(page.getByRole("heading", { name: "Workflows" })).toBeVisible();
  await expect(page.getByTestId("signed-in-role")).toHaveText("admin");

  await page.getByTestId("nav-settings").click();
  const hostTools = page.getByTestId("host-tools-switch");
  await expect(hostTools).not.toBeChecked();
  await hostTools.check();
  await expect(page.getByTestId("host-access")).toContainText("Host-access components are enabled");

  await page.getByTestId("api-key-name").fill("e2e suite");
  await page.getByTestId("create-api-key").click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^sb_\w{20,}$/);

  mkdirSync(AUTH_DIR, { recursive: true });
  writeFileSync(OWNER_API_KEY, key);
  await page.context().storageState({ path: OWNER_STATE });
});
