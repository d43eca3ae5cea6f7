/**
 * Fills a field of a form React controls. A value typed before the page has hydrated is wiped when
 * React takes the field over (a slow machine shows it: the field empty, its button disabled for
 * good), so the value goes in again until `ready` — something only React's state enables, such as
 * the form's submit button — says React holds it.
 */
import { expect, type Locator } from "@playwright/test";

export async function fillControlled(field: Locator, value: string, ready: Locator): Promise<void> {
  await expect(async () => {
    await field.fill(value);
    await expect(ready).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}
