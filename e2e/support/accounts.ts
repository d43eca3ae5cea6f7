/**
 * People for specs, made through the real pages: the owner creates an invite on Settings, a fresh browser joins with
 * it.
 */
import { expect, type Browser, type Page } from "@playwright/test";
import { hydrateOnGoto, waitForHydration } from "./hydration";

export type Person = { name: string; email: string; password: string };

/**
 * Fills the set-up, sign-in or invite form (field name → value) once React holds its fields: typed sooner, it would be
 * wiped.
 */
export async function fillAccountForm(page: Page, values: Record<string, string>): Promise<void> {
  await waitForHydration(page);
  for (const [name, value] of Object.entries(values)) await page.getByTestId(`account-${name}`).fill(value);
}

export async function createInvite(owner: Page, role: "admin" | "editor" | "viewer"): Promise<string> {
  await owner.goto("/settings");
  await owner.getByTestId("invite-role-select").selectOption(role);
  await owner.getByTestId("create-invite").click();
  return (await owner.getByTestId("invite-url").textContent())!.trim();
}

/**
 * Opens an invite link in a fresh browser (nobody signed in) and creates the account; the page is signed in as that
 * person.
 */
export async function joinWithInvite(browser: Browser, link: string, who: Person): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = hydrateOnGoto(await context.newPage());
  await page.goto(link);
  await fillAccountForm(page, { name: who.name, email: who.email, password: who.password, confirm: who.password });
  await page.getByTestId("account-submit").click();
  await expect(page.getByRole("heading", { name: "Workflows", exact: true })).toBeVisible();
  return page;
}
