/**
 * React must hold a page before a script acts on it: a value typed or a box ticked before it has
 * hydrated (components/ui/hydration-mark.tsx sets `<html data-hydrated>`) is wiped.
 */
import type { Page } from "@playwright/test";

export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Makes the page's `goto` return once React holds the new page. The shared `test`'s page has it;
 * pages opened in fresh contexts get it here. A goto that asks only for the navigation's start
 * (`waitUntil: "commit"`, a timing) is left as it is.
 */
export function hydrateOnGoto(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== "commit") await waitForHydration(page);
    return response;
  };
  return page;
}
