/**
 * The walking skeleton end to end: draw Entry → Agent with an HTTP Request wired in as its tool,
 * run it, and watch the agent call the tool and answer live; then run the seeded example.
 */
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";
import { RunPage } from "./pages/run-page";

const SCREENSHOTS = "test-results/screenshots";

const AGENT_SCRIPT = JSON.stringify({
  toolCalls: [{ tool: "http_request", args: { url: "/api/health" } }],
  finalText: "Health says: {{results.0}}",
});

test("a person draws an agent with an HTTP tool, runs it and watches the tool call and answer arrive", async ({
  page,
}) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();

  await editor.dragFromPalette("core.entry", { x: 170, y: 170 });
  await editor.dragFromPalette("core.http.request", { x: 560, y: 500 });
  await editor.dragFromPalette("core.agent", { x: 560, y: 170 });
  const entry = editor.node("Entry");
  const http = editor.node("HTTP Request");
  const agent = editor.node("Agent");
  await expect(entry).toBeVisible();
  await expect(http).toBeVisible();
  await expect(agent).toBeVisible();

  await editor.connect(entry, "output", agent, "input");
  await expect(editor.edges).toHaveCount(1);

  await editor.select(http);
  await editor.inspector.getByTestId("tool-mode-toggle").check();
  await expect(http.locator('.react-flow__handle[data-handleid="tool"]')).toBeVisible();
  await editor.param("url").fill("/api/health");
  await editor.connect(http, "tool", agent, "tools");
  await expect(editor.edges).toHaveCount(2);
  await expect(agent.locator(".node-tools-count")).toHaveText("1 connected");

  // Data is not a tool: the editor says why and draws nothing.
  await editor.tryToConnect(entry, "output", agent, "tools");
  await expect(editor.connectionToast).toBeVisible();
  await expect(editor.edges).toHaveCount(2);

  await editor.select(agent);
  await editor.useScriptedModel(AGENT_SCRIPT);
  await editor.save();
  await expect(page.getByTestId("compile-errors")).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/editor.png` });

  await editor.run();
  const run = new RunPage(page);
  await expect(run.graph).toBeVisible();
  const call = run.toolCall("http_request");
  await expect(call).toHaveCount(1, { timeout: 60_000 });
  await expect(call.getByTestId("tool-call-args")).toContainText('"url": "/api/health"');
  // The HTTP tool answers with the status and the health endpoint's JSON body.
  await expect(call.getByTestId("tool-call-result")).toContainText('"status":"ok"');
  await expect(call.getByTestId("tool-call-duration")).toHaveText(/\d+ ms|\d+(\.\d)? s/);
  await run.expectCompleted();
  await expect(run.finalAnswer).toContainText("Health says:");
  await expect(run.finalAnswer).toContainText(/Health says: .*database.*ok/);
  await expect(run.graph.locator(".node-status-completed")).toHaveCount(2);
  await page.screenshot({ path: `${SCREENSHOTS}/run-view.png` });
});

test("the seeded example runs from the list with one click of Run and completes", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.openFromList("Example: agent with an HTTP tool");
  await editor.run();

  const run = new RunPage(page);
  await run.expectCompleted();
  await expect(run.toolCall("http_request")).toHaveCount(1);
  await expect(run.finalAnswer).toContainText("I called the Switchboard health check");
  await page.screenshot({ path: `${SCREENSHOTS}/example-run.png` });
});
