/**
 * The palette, nodes drawn from the catalogue, and the wiring rules, as a person meets them:
 * search, drop where the mouse is, click to add at the centre, and a reason for every refused wire.
 */
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";

test("the palette is grouped and searchable; drops land under the mouse and clicks at the centre of the view", async ({
  page,
}) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  const palette = page.getByRole("complementary", { name: "Components" });
  await expect(palette.locator(".palette-group-title")).toHaveText(["Flow", "Data", "AI", "Tools"]);

  const everyComponent = await palette.locator(".palette-item").count();
  expect(everyComponent).toBeGreaterThan(3);
  const search = palette.getByPlaceholder("Search components");
  await search.fill("http request");
  await expect(palette.locator(".palette-item")).toHaveCount(1);
  await expect(page.getByTestId("palette-item-core.http.request")).toBeVisible();
  await expect(palette.locator(".palette-group-title")).toHaveText(["Tools"]);
  await search.fill("teleporter");
  await expect(palette).toContainText("No component matches “teleporter”");
  await search.fill("");
  await expect(palette.locator(".palette-item")).toHaveCount(everyComponent);

  // Dropped where the mouse lets go: the header sits under the cursor.
  await editor.dragFromPalette("core.agent", { x: 420, y: 260 });
  const canvas = (await editor.canvas.boundingBox())!;
  const header = (await editor.node("Agent").locator(".node-header").boundingBox())!;
  const drop = { x: canvas.x + 420, y: canvas.y + 260 };
  expect(drop.x).toBeGreaterThan(header.x);
  expect(drop.x).toBeLessThan(header.x + header.width);
  expect(drop.y).toBeGreaterThan(header.y - 4);
  expect(drop.y).toBeLessThan(header.y + header.height + 4);

  // A click adds at the centre of the view.
  await editor.addFromPalette("core.entry");
  const entry = (await editor.node("Entry").boundingBox())!;
  const centre = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2 };
  expect(Math.abs(entry.x + entry.width / 2 - centre.x)).toBeLessThan(entry.width);
  expect(Math.abs(entry.y - centre.y)).toBeLessThan(80);
});

test("nodes show their catalogue title, icon and labelled handles; tool mode and the agent's tools look the part", async ({
  page,
}) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.entry", { x: 170, y: 170 });
  await editor.dragFromPalette("core.agent", { x: 560, y: 170 });
  await editor.dragFromPalette("core.http.request", { x: 560, y: 520 });
  const entry = editor.node("Entry");
  const agent = editor.node("Agent");
  const http = editor.node("HTTP Request");

  await expect(entry.locator(".node-icon svg")).toBeVisible();
  await expect(entry.locator(".node-port-label")).toHaveText(["Run input"]);
  await expect(agent.locator(".node-port-label")).toContainText(["Input", "Answer", "Tool calls"]);
  await expect(agent.locator('.react-flow__handle[data-handleid="tools"]')).toBeVisible();
  await expect(agent.locator(".node-tools-count")).toHaveText("none wired");
  await expect(http.locator('.react-flow__handle[data-handleid="status"]')).toBeVisible();

  await editor.select(http);
  await editor.inspector.getByTestId("tool-mode-toggle").check();
  await expect(http.locator(".node-card")).toHaveClass(/is-tool/);
  await expect(http.locator(".node-header")).toContainText("Tool");
  await expect(http.locator('.react-flow__handle[data-handleid="tool"]')).toBeVisible();
  await expect(http.locator('.react-flow__handle[data-handleid="status"]')).toHaveCount(0);
  await expect(http.locator('.react-flow__handle[data-handleid="body"].source')).toHaveCount(0);
  await editor.connect(http, "tool", agent, "tools");
  await expect(agent.locator(".node-tools-count")).toHaveText("1 connected");
  await expect(editor.canvas.locator(".react-flow__edge.edge-tool")).toHaveCount(1);
  await editor.connect(entry, "output", agent, "input");
  await editor.select(http);
  await editor.param("url").fill("/api/health");
  await page.screenshot({ path: "test-results/screenshots/editor-small.png" });
});

test("wiring rules are enforced on connect, with the reason shown", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  // Kept clear of the canvas edges, where dragging a wire would pan the view.
  await editor.dragFromPalette("core.entry", { x: 120, y: 120 });
  await editor.dragFromPalette("core.agent", { x: 380, y: 120 });
  await editor.dragFromPalette("core.agent", { x: 630, y: 120 });
  await editor.dragFromPalette("core.http.request", { x: 380, y: 460 });
  await editor.dragFromPalette("core.http.request", { x: 630, y: 540 });
  const entry = editor.node("Entry");
  const first = editor.node("Agent");
  const second = editor.node("Agent 2");
  const http = editor.node("HTTP Request");
  const tool = editor.node("HTTP Request 2");

  const refused = async (reason: string, edges: number) => {
    await expect(editor.connectionToast).toContainText(reason);
    await expect(editor.edges).toHaveCount(edges);
  };

  // Data into tools: refused, with what to do about it.
  await editor.tryToConnect(entry, "output", first, "tools");
  await refused('"Entry" cannot be used as a tool', 0);

  await editor.connect(entry, "output", first, "input");
  await expect(editor.edges).toHaveCount(1);
  // No duplicate edges.
  await editor.tryToConnect(entry, "output", first, "input");
  await refused("already connected", 1);

  // No cycles: Agent → HTTP Request → Agent 2 → back into HTTP Request would loop.
  await editor.connect(first, "text", http, "url");
  await editor.connect(http, "body", second, "input");
  await expect(editor.edges).toHaveCount(3);
  await editor.tryToConnect(second, "text", http, "body");
  await refused("would create a loop", 3);

  // A tool only into tools.
  await editor.select(tool);
  await editor.inspector.getByTestId("tool-mode-toggle").check();
  await editor.tryToConnect(tool, "tool", second, "input");
  await refused("is in tool mode: wire it into an agent's Tools handle", 3);
  await editor.connect(tool, "tool", first, "tools");
  await expect(editor.edges).toHaveCount(4);
});
