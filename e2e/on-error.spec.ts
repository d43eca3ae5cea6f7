/**
 * The "On error" section as a person uses it: retry an HTTP Request (tries, wait, backoff), route
 * its failure to an Error handle drawn on the canvas, wire that handle to an Output, save, and run:
 * the request (answered 401) is tried twice, each retry on the run's timeline, and only the error
 * branch runs.
 */
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";
import { RunPage } from "./pages/run-page";

test("a node retries and routes its error down the error handle it gets in the On error section", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.http.request", { x: 200, y: 200 });
  await editor.dragFromPalette("core.output", { x: 560, y: 160 });
  await editor.dragFromPalette("core.transform", { x: 560, y: 380 });
  const [http, output, transform] = ["HTTP Request", "Output", "Transform"].map((label) => editor.node(label));

  await editor.select(http);
  await editor.param("url").fill("/api/workflows"); // no credentials: answered 401
  const section = editor.inspector.getByTestId("on-error-section");
  await expect(section).toContainText("On error");
  await expect(section.getByTestId("on-error-choice")).toHaveValue("stop");
  await expect(http.locator('.react-flow__handle[data-handleid="error"]')).toHaveCount(0);
  await section.getByTestId("retry-toggle").check();
  await section.getByTestId("retry-max-tries").fill("2");
  await section.getByTestId("retry-wait-ms").fill("200");
  await section.getByTestId("retry-backoff").selectOption("exponential");
  await section.getByTestId("on-error-choice").selectOption("errorOutput");
  await expect(http.getByTestId("error-handle")).toBeVisible();
  await expect(section).toContainText("Adds an Error handle");

  await editor.connect(http, "error", output, "value");
  await editor.connect(http, "body", transform, "input");
  await expect(editor.edges).toHaveCount(2);
  await editor.save();
  await expect(page.getByTestId("compile-errors")).toHaveCount(0);
  await page.screenshot({ path: "test-results/on-error-section.png" });

  await page.reload();
  await editor.select(editor.node("HTTP Request"));
  await expect(section.getByTestId("retry-max-tries")).toHaveValue("2");
  await expect(section.getByTestId("retry-wait-ms")).toHaveValue("200");
  await expect(section.getByTestId("retry-backoff")).toHaveValue("exponential");
  await expect(section.getByTestId("on-error-choice")).toHaveValue("errorOutput");

  await editor.run();
  const run = new RunPage(page);
  await run.expectCompleted();
  const retries = page.locator('[data-testid="timeline-event"][data-event-type="node.retrying"]');
  await expect(retries).toHaveCount(1);
  await expect(retries).toContainText("HTTP Request retries: try 2 in 200 ms");
  await expect(retries).toContainText("answered 401");
  await expect(page.getByTestId("event-timeline")).toContainText("HTTP Request failed; its error was handed on");
  await expect(page.getByTestId("event-timeline")).toContainText("Transform skipped");
  await expect(run.finalAnswer).toContainText('"nodeId": "http');
  await page.screenshot({ path: "test-results/on-error-run.png" });
});
