/** The run view as a person reads it: status, tool calls, final answer. */
import { expect, type Locator, type Page } from "@playwright/test";

/** A scripted run finishes in well under a second; the margin is for a cold worker and first page compiles. */
const RUN_TIMEOUT_MS = 60_000;

export class RunPage {
  readonly status: Locator;
  readonly toolCalls: Locator;
  readonly finalAnswer: Locator;
  readonly graph: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId("run-status");
    this.toolCalls = page.getByTestId("tool-call");
    this.finalAnswer = page.getByTestId("final-answer");
    this.graph = page.getByTestId("workflow-canvas");
  }

  toolCall(name: string): Locator {
    return this.toolCalls.filter({ has: this.page.getByTestId("tool-call-name").getByText(name, { exact: true }) });
  }

  async expectCompleted() {
    await expect(this.status).toHaveText("completed", { timeout: RUN_TIMEOUT_MS });
  }
}
