/**
 * Editing on the canvas as a person does it: box-select, copy/paste (also into another workflow),
 * duplicate, delete, undo/redo over every kind of change, the shortcuts popover and snap to grid.
 */
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";

test("box-select, copy/paste, duplicate, delete, and undo/redo every change", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.entry", { x: 220, y: 170 });
  await editor.dragFromPalette("core.agent", { x: 590, y: 170 });
  await editor.connect(editor.node("Entry"), "output", editor.node("Agent"), "input");
  await expect(editor.edges).toHaveCount(1);

  // Shift-drag a box around both nodes.
  await editor.boxSelectAround([editor.node("Entry"), editor.node("Agent")]);
  await expect(editor.selectedNodes).toHaveCount(2);

  // Copy and paste: two new nodes with their edge, labels made unique, and they come selected.
  await editor.shortcut("c");
  await editor.shortcut("v");
  await expect(editor.nodes).toHaveCount(4);
  await expect(editor.edges).toHaveCount(2);
  await expect(editor.node("Entry 2")).toBeVisible();
  await expect(editor.node("Agent 2")).toBeVisible();
  await expect(editor.selectedNodes).toHaveCount(2);

  // Undo takes the paste back, redo brings it again.
  await editor.shortcut("z");
  await expect(editor.nodes).toHaveCount(2);
  await expect(editor.edges).toHaveCount(1);
  await editor.shortcut("Shift+z");
  await expect(editor.nodes).toHaveCount(4);
  await expect(editor.edges).toHaveCount(2);

  // Delete removes the selected nodes and their edge; undo restores them in one step.
  await page.keyboard.press("Delete");
  await expect(editor.nodes).toHaveCount(2);
  await expect(editor.edges).toHaveCount(1);
  await editor.shortcut("z");
  await expect(editor.nodes).toHaveCount(4);
  await expect(editor.edges).toHaveCount(2);
  await editor.page.getByTestId("undo").click();
  await expect(editor.nodes).toHaveCount(2);

  // Duplicate one node.
  await editor.select(editor.node("Agent"));
  await editor.shortcut("d");
  await expect(editor.nodes).toHaveCount(3);
  await expect(editor.node("Agent 2")).toBeVisible();
  await editor.shortcut("z");
  await expect(editor.nodes).toHaveCount(2);

  // A drag is one undo step, whatever the number of mouse moves.
  const entry = editor.node("Entry");
  const before = await editor.positionOf(entry);
  await editor.dragNode(entry, { x: 0, y: 200 });
  const moved = await editor.positionOf(entry);
  expect(moved.y).toBeGreaterThan(before.y + 150);
  await editor.shortcut("z");
  await expect.poll(() => editor.positionOf(entry)).toEqual(before);
  await editor.shortcut("Shift+z");
  await expect.poll(() => editor.positionOf(entry)).toEqual(moved);

  // Typing into a field is one undo step; undo works once focus has left the field.
  const agent = editor.node("Agent");
  await editor.select(agent);
  const defaultPrompt = await editor.param("systemPrompt").inputValue();
  await editor.param("systemPrompt").fill("You are terse.");
  await editor.canvas.locator(".react-flow__pane").click({ position: { x: 40, y: 600 } });
  await editor.select(agent);
  await editor.shortcut("z");
  await expect(editor.param("systemPrompt")).toHaveValue(defaultPrompt);
  await editor.shortcut("Shift+z");
  await expect(editor.param("systemPrompt")).toHaveValue("You are terse.");

  // Renaming the workflow is undoable too.
  await page.getByTestId("workflow-name").fill("Renamed by hand");
  await editor.canvas.locator(".react-flow__pane").click({ position: { x: 40, y: 600 } });
  await editor.shortcut("z");
  await expect(page.getByTestId("workflow-name")).toHaveValue("Untitled workflow");
});

test("nodes copied in one workflow paste into another", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.http.request", { x: 300, y: 200 });
  await editor.select(editor.node("HTTP Request"));
  await editor.param("url").fill("/api/health");
  await editor.canvas.locator(".react-flow__pane").click({ position: { x: 40, y: 600 } });
  await editor.select(editor.node("HTTP Request"));
  await editor.shortcut("c");
  await expect(editor.saveState).toHaveText("Saved");

  await editor.createWorkflow();
  await expect(editor.nodes).toHaveCount(0);
  await editor.shortcut("v");
  await expect(editor.nodes).toHaveCount(1);
  await editor.select(editor.node("HTTP Request"));
  await expect(editor.param("url")).toHaveValue("/api/health");
});

test("the shortcuts popover lists the keys, and snap to grid puts dragged nodes on the grid", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await page.screenshot({ path: "test-results/screenshots/editor-empty.png" });

  await page.getByTestId("shortcuts-button").click();
  const help = page.getByTestId("shortcuts-help");
  await expect(help).toBeVisible();
  await expect(help).toContainText("Undo");
  await expect(help).toContainText("Shift + drag");
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  await page.keyboard.press("?");
  await expect(help).toBeVisible();
  await page.keyboard.press("Escape");

  await editor.dragFromPalette("core.entry", { x: 173, y: 177 });
  const snap = page.getByTestId("snap-to-grid");
  await expect(snap).toHaveAttribute("aria-pressed", "false");
  await snap.click();
  await expect(snap).toHaveAttribute("aria-pressed", "true");
  await editor.dragNode(editor.node("Entry"), { x: 67, y: 43 });
  const { x, y } = await editor.positionOf(editor.node("Entry"));
  expect(x % 20).toBe(0);
  expect(y % 20).toBe(0);
});

test("autosave shows its state, a failed save says why, and leaving with unsaved changes warns", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await expect(editor.saveState).toHaveText("Saved");

  await editor.addFromPalette("core.entry");
  await expect(editor.saveState).not.toHaveText("Saved");
  await expect(editor.saveState).toHaveText("Saved");
  await page.reload();
  await expect(editor.node("Entry")).toBeVisible();

  // A name the server refuses: the save fails visibly and the reason is at hand.
  await page.getByTestId("workflow-name").fill("x".repeat(240));
  await expect(editor.saveState).toHaveText("Save failed");
  await expect(editor.saveState).toHaveAttribute("title", /200 characters/);

  const dialog = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const warning = await dialog;
  expect(warning.type()).toBe("beforeunload");
  await warning.dismiss();
  expect(page.isClosed()).toBe(false);

  await page.getByTestId("workflow-name").fill("Saved after all");
  await expect(editor.saveState).toHaveText("Saved");
  await page.reload();
  await expect(page.getByTestId("workflow-name")).toHaveValue("Saved after all");
});
