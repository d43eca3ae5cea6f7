/**
 * The inspector and compile problems as a person meets them: fields generated from the component's
 * schema, JSON checked as typed, the tool view of a tool-mode node, problems marked on the canvas
 * before running, and Run refused with the list.
 */
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";
import { WorkflowListPage } from "./pages/workflow-list-page";

test("the inspector edits every field kind the components use, and validates JSON as it is typed", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.http.request", { x: 300, y: 200 });
  await editor.select(editor.node("HTTP Request"));

  await editor.param("url").fill("/api/health");
  await editor.param("timeoutMs").fill("2500");
  await editor.param("method").selectOption("POST");
  await editor.fillRows("headers", [["Accept", "application/json"]]);
  await editor.inspector.getByTestId("node-label").fill("Health check");
  await expect(editor.node("Health check")).toBeVisible();
  await expect(editor.saveState).toHaveText("Saved");

  await page.reload();
  await editor.select(editor.node("Health check"));
  await expect(editor.param("url")).toHaveValue("/api/health");
  await expect(editor.param("timeoutMs")).toHaveValue("2500");
  await expect(editor.param("method")).toHaveValue("POST");
  await expect(editor.param("headers").getByTestId("param-headers-key")).toHaveValue("Accept");
  await expect(editor.param("headers").getByTestId("param-headers-value")).toHaveValue("application/json");

  // Tool mode: the tool as the agent will see it, and which inputs the agent fills.
  await editor.inspector.getByTestId("tool-mode-toggle").check();
  const node = editor.node("Health check");
  await expect(node.locator(".node-card.is-tool")).toBeVisible();
  await expect(node.locator('.react-flow__handle[data-handleid="tool"]')).toBeVisible();
  await expect(node.locator('.react-flow__handle[data-handleid="status"]')).toHaveCount(0);
  await expect(editor.inspector.getByTestId("tool-name")).toHaveValue("health_check");
  await expect(editor.inspector.getByTestId("tool-description")).toContainText("Make an HTTP request");
  // A URL was typed before tool mode: it stays fixed. "Agent fills" is a choice, made per field.
  await expect(editor.inspector.getByTestId("tool-input-url")).toContainText("Fixed");
  await expect(node.locator(".node-tool-summary")).toContainText("agent fills nothing");
  await expect(editor.inspector.getByTestId("tool-input-body")).toContainText("Fixed");
  await editor.inspector.getByTestId("tool-input-body").getByRole("button").click();
  await expect(editor.inspector.getByTestId("tool-input-body")).toContainText("Agent fills");
  await expect(node.locator(".node-tool-summary")).toContainText("agent fills body");

  // Renaming the node does not rename the tool the model sees.
  await editor.inspector.getByTestId("node-label").fill("Health check tab B");
  await expect(editor.inspector.getByTestId("tool-name")).toHaveValue("health_check");
  await expect(editor.node("Health check tab B").locator(".node-tool-summary code")).toHaveText("health_check");

  // A JSON field (a Transform's template) says what is wrong while it does not parse.
  await editor.dragFromPalette("core.transform", { x: 300, y: 480 });
  await editor.select(editor.node("Transform"));
  await editor.param("template").fill('{ "summary": ');
  await expect(editor.inspector.getByTestId("param-template-error")).toContainText("Not valid JSON");
  await editor.param("template").fill('{ "summary": "{{input}}" }');
  await expect(editor.inspector.getByTestId("param-template-error")).toHaveCount(0);
});

test("a URL typed into a tool-mode field is fixed; renaming a tool an agent names warns", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.agent", { x: 560, y: 170 });
  await editor.dragFromPalette("core.http.request", { x: 300, y: 480 });
  const http = editor.node("HTTP Request");
  await editor.select(http);
  await editor.inspector.getByTestId("tool-mode-toggle").check();
  await expect(editor.inspector.getByTestId("tool-input-url")).toContainText("Agent fills");
  await editor.param("url").fill("https://api.example.com/weather");
  await expect(editor.inspector.getByTestId("tool-input-url")).toContainText("Fixed");
  await expect(http.locator(".node-tool-summary")).toContainText("agent fills nothing");

  const agent = editor.node("Agent");
  await editor.connect(http, "tool", agent, "tools");
  await editor.select(agent);
  await editor.param("allowedTools").fill("http_request");
  await editor.select(http);
  await editor.inspector.getByTestId("tool-name").fill("weather");
  await expect(editor.inspector.getByTestId("tool-name-warning")).toContainText(
    "“Agent” still uses “http_request” in its allowed tools",
  );
  await editor.inspector.screenshot({ path: "test-results/screenshots/tool-name-warning.png" });
  await page.screenshot({ path: "test-results/screenshots/tool-mode-fixed-url.png" });
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
  // Checks after edits run in the editor's compile worker, still there (one that failed is ended and replaced by the
  // page's own check).
  expect(page.workers().map((worker) => worker.url())).toEqual([expect.stringContaining("/_next/static/")]);

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

test("an edge the compiler refuses is marked on the canvas with its message", async ({ page }) => {
  const list = new WorkflowListPage(page);
  const editor = new EditorPage(page);
  await list.open();
  // Drawn elsewhere (a hand-edited file): a tool wired into a data input, which the editor itself would refuse.
  const file = {
    format: "switchboard.workflow",
    version: 1,
    name: `Bad edge ${Date.now()}`,
    graph: {
      nodes: [
        {
          id: "http",
          type: "core.http.request",
          position: { x: 0, y: 300 },
          data: { label: "Fetch", mode: "tool", params: { url: "/api/health" } },
        },
        {
          id: "agent",
          type: "core.agent",
          position: { x: 0, y: 0 },
          data: { label: "Helper", mode: "normal", params: {} },
        },
      ],
      edges: [{ id: "tool-into-input", source: "http", sourceHandle: "tool", target: "agent", targetHandle: "input" }],
    },
  };
  await list.importFile({
    name: "bad-edge.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await page.waitForURL(/\/workflows\/[^/]+$/);
  await expect(editor.canvas.locator('.react-flow__edge.edge-problem[data-id="tool-into-input"]')).toBeVisible();
  const problems = page.getByTestId("compile-errors");
  await problems.getByRole("button").first().click();
  await expect(problems).toContainText("A tool can only be wired into an agent's tools handle");

  // Deleting the tool (and so its edge) clears the problem.
  await editor.select(editor.node("Fetch"));
  await page.keyboard.press("Delete");
  await expect(editor.edges).toHaveCount(0);
  await expect(problems).toHaveCount(0);
});
