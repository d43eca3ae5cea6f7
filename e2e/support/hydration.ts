/** Waits until React has hydrated the page (components/ui/hydration-mark.tsx): a value typed or a box ticked sooner is wiped. */
import type { Page } from "@playwright/test";

export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
