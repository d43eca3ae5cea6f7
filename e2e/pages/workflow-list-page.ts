/** The workflow list as a person uses it: rows, rename/duplicate/delete from a row, and import. */
import { expect, type Locator, type Page } from "@playwright/test";

export class WorkflowListPage {
  readonly rows: Locator;
  readonly importErrors: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId("workflow-row");
    this.importErrors = page.getByTestId("import-errors");
  }

  async open() {
    await this.page.goto("/");
    await expect(this.page.getByRole("heading", { name: "Workflows" })).toBeVisible();
  }

  /** The row whose name is exactly `name`. */
  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByTestId("workflow-row-link").getByText(name, { exact: true }) });
  }

  async rename(from: string, to: string) {
    const row = this.row(from);
    await row.hover();
    await row.getByTestId("workflow-rename").click();
    const input = this.page.getByTestId("workflow-rename-input");
    await input.fill(to);
    await input.press("Enter");
    await expect(this.row(to)).toHaveCount(1);
  }

  async duplicate(name: string) {
    const row = this.row(name);
    await row.hover();
    await row.getByTestId("workflow-duplicate").click();
  }

  /** Opens the delete confirmation of a row; returns the dialog. */
  async askToDelete(name: string): Promise<Locator> {
    const row = this.row(name);
    await row.hover();
    await row.getByTestId("workflow-delete").click();
    const dialog = this.page.getByTestId("confirm-dialog");
    await expect(dialog).toBeVisible();
    return dialog;
  }

  async importFile(file: string | { name: string; mimeType: string; buffer: Buffer }) {
    await this.page.getByTestId("import-file").setInputFiles(file);
  }
}
