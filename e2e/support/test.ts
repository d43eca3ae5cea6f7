/**
 * The `test` every spec uses: Playwright's, with the browser signed in as the owner (the setup
 * project's storage state, see playwright.config.ts) and `request` sending the owner's API key,
 * both made through the real sign-up and Settings pages. Its `page.goto` returns once React has
 * hydrated the page (hydrateOnGoto): acting sooner, a typed value or a ticked box is wiped.
 */
import { test as base } from "@playwright/test";
import { hydrateOnGoto } from "./hydration";
import { ownerApiKey } from "./auth-files";

export { expect } from "@playwright/test";

export const test = base.extend({
  page: async ({ page }, use) => {
    await use(hydrateOnGoto(page));
  },
  request: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${ownerApiKey()}` },
    });
    await use(context);
    await context.dispose();
  },
});
