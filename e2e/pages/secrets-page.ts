/** The Secrets page as a person uses it: add a secret, replace its value, delete it. */
import { expect, type Locator, type Page } from "@playwright/test";

export class SecretsPage {
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId("secret-row");
  }

  row(name: string): Locator {
    return this.page.locator(`[data-testid="secret-row"][data-secret-name="${name}"]`);
  }

  async add(name: string, value: string) {
    await this.page.getByTestId("secret-name").fill(name);
    await this.page.getByTestId("secret-value").fill(value);
    await this.page.getByTestId("save-secret").click();
    await expect(this.row(name)).toBeVisible();
    await expect(this.page.getByTestId("secret-value")).toHaveValue("");
  }

  async replace(name: string, value: string) {
    const row = this.row(name);
    await row.getByTestId("replace-secret").click();
    await row.getByTestId("replace-secret-value").fill(value);
    await row.getByTestId("save-replaced-secret").click();
    await expect(row.getByTestId("replace-secret-value")).toBeHidden();
  }

  async delete(name: string) {
    this.page.once("dialog", (dialog) => void dialog.accept());
    await this.row(name).getByTestId("delete-secret").click();
    await expect(this.row(name)).toBeHidden();
  }
}
