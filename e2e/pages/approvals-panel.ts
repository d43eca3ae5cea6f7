/** The run view's approval requests as a person handles them: read the call, edit its arguments, approve or deny. */
import { expect, type Locator, type Page } from "@playwright/test";

export class ApprovalsPanel {
  readonly requests: Locator;
  readonly pending: Locator;

  constructor(readonly page: Page) {
    this.requests = page.getByTestId("approval-request");
    this.pending = page.locator('[data-testid="approval-request"][data-state="pending"]');
  }

  async approveWithArgs(request: Locator, args: Record<string, unknown>) {
    await request.getByTestId("edit-call-args").click();
    await request.getByTestId("approval-args-editor").fill(JSON.stringify(args, null, 2));
    await request.getByTestId("approve-call").click();
    await expect(request).toHaveAttribute("data-state", "approved");
  }

  async deny(request: Locator) {
    await request.getByTestId("deny-call").click();
    await expect(request).toHaveAttribute("data-state", "denied");
  }
}
