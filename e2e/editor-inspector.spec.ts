/**
 * The inspector and compile problems as a person meets them: fields generated from the component's
 * schema, JSON checked as typed, the tool view of a tool-mode node, problems marked on the canvas
 * before running, and Run refused with the list.
 */
import { expect, test } from "@playwright/test";
import { EditorPage } from "./pages/editor-page";

test("the inspector edits every field kind the components use, and validates JSON as it is typed", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.http.request", { x: 300, y: 200 });
  await editor.select(editor.node("HTTP Request"));

  await editor.param("url").fill("/api/health");
  await editor.param("timeoutMs").fill("2500");
  await editor.param("method").selectOption("POST");
  await editor.param("headers").fill('{ "Accept": ');
  await expect(editor.inspector.getByTestId("param-headers-error")).toContainText("Not valid JSON");
  await editor.param("headers").fill('{ "Accept": "application/json" }');
  await expect(editor.inspector.getByTestId("param-headers-error")).toHaveCount(0);
  await editor.inspector.getByTestId("node-label").fill("Health check");
  await expect(editor.node("Health check")).toBeVisible();
  await expect(editor.saveState).toHaveText("Saved");

  await page.reload();
  await editor.select(editor.node("Health check"));
  await expect(editor.param("url")).toHaveValue("/api/health");
  await expect(editor.param("timeoutMs")).toHaveValue("2500");
  await expect(editor.param("method")).toHaveValue("POST");
  await expect(editor.param("headers")).toHaveValue(/"Accept": "application\/json"/);

  // Tool mode: the tool as the agent will see it, and which inputs the agent fills.
  await editor.inspector.getByTestId("tool-mode-toggle").check();
  const node = editor.node("Health check");
  await expect(node.locator(".node-card.is-tool")).toBeVisible();
  await expect(node.locator('.react-flow__handle[data-handleid="tool"]')).toBeVisible();
  await expect(node.locator('.react-flow__handle[data-handleid="status"]')).toHaveCount(0);
  await expect(editor.inspector.getByTestId("tool-name")).toHaveText("health_check");
  await expect(editor.inspector.getByTestId("tool-description")).toContainText("Make an HTTP request");
  await expect(editor.inspector.getByTestId("tool-input-url")).toContainText("Agent fills");
  await expect(editor.inspector.getByTestId("tool-input-body")).toContainText("Fixed");
  await editor.inspector.getByTestId("tool-input-body").getByRole("button").click();
  await expect(editor.inspector.getByTestId("tool-input-body")).toContainText("Agent fills");
});

test("compile problems are marked on the canvas before running, and Run is refused with the list", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.entry", { x: 170, y: 170 });
  await editor.dragFromPalette("core.http.request", { x: 560, y: 170 });
  const http = editor.node("HTTP Request");
  await editor.connect(editor.node("Entry"), "output", http, "body");

  // The HTTP Request has no URL: its node says so, and so does the problems panel.
  await expect(http.locator(".node-card.has-problems")).toBeVisible();
  await expect(http.locator(".node-problems")).toContainText('"HTTP Request" needs a value for URL');
  const problems = page.getByTestId("compile-errors");
  await expect(problems).toContainText("1 problem");

  await page.getByTestId("run-workflow").click();
  await expect(problems).toContainText("Run refused: 1 problem");
  await expect(problems).toContainText('"HTTP Request" needs a value for URL');
  expect(page.url()).toMatch(/\/workflows\//);
  await page.screenshot({ path: "test-results/screenshots/editor-error.png" });

  // The field is marked in the inspector too; filling it clears the problem everywhere.
  await editor.select(http);
  await expect(editor.inspector.locator(".field-error")).toContainText("needs a value for URL");
  await editor.param("url").fill("/api/health");
  await expect(problems).toHaveCount(0);
  await expect(http.locator(".node-card.has-problems")).toHaveCount(0);
});
