/**
 * The workflow list and files: rename, duplicate and delete (asked first) from the list; export from the editor and
 * import it back (a taken name gets "(2)"); bad files refused with reasons.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";
import { WorkflowListPage } from "./pages/workflow-list-page";

test("rename, duplicate and delete a workflow from the list, delete only after confirming", async ({ page }) => {
  const editor = new EditorPage(page);
  const list = new WorkflowListPage(page);
  const name = `List test ${Date.now()}`;
  await editor.createWorkflow();
  await page.getByTestId("workflow-name").fill(name);
  await editor.addFromPalette("core.entry");
  await expect(editor.saveState).toHaveText("Saved");

  await list.open();
  await list.rename(name, `${name} renamed`);
  await page.reload();
  await expect(list.row(`${name} renamed`)).toHaveCount(1);
  await expect(list.row(name)).toHaveCount(0);

  await list.duplicate(`${name} renamed`);
  const copy = list.row(`${name} renamed (copy)`);
  await expect(copy).toHaveCount(1);
  await expect(copy).toContainText("1 node");
  await copy.hover();
  await page.screenshot({ path: "test-results/screenshots/workflow-list.png" });

  // Cancel keeps it; confirm removes it.
  let dialog = await list.askToDelete(`${name} renamed (copy)`);
  await expect(dialog).toContainText(`Delete “${name} renamed (copy)”?`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(copy).toHaveCount(1);
  dialog = await list.askToDelete(`${name} renamed (copy)`);
  await dialog.getByTestId("confirm-button").click();
  await expect(copy).toHaveCount(0);
  await page.reload();
  await expect(copy).toHaveCount(0);
  await expect(list.row(`${name} renamed`)).toHaveCount(1);

  // The original still opens in the editor from its row.
  await list.row(`${name} renamed`).click();
  await page.waitForURL(/\/workflows\/[^/]+$/);
  await expect(editor.node("Entry")).toBeVisible();
});

test("export a workflow as JSON and import it back as a new workflow", async ({ page }) => {
  const editor = new EditorPage(page);
  const list = new WorkflowListPage(page);
  const name = `Exported ${Date.now()}`;
  await editor.createWorkflow();
  await page.getByTestId("workflow-name").fill(name);
  await editor.dragFromPalette("core.entry", { x: 170, y: 170 });
  await editor.dragFromPalette("core.agent", { x: 560, y: 170 });
  await editor.connect(editor.node("Entry"), "output", editor.node("Agent"), "input");
  await expect(editor.saveState).toHaveText("Saved");
  const originalUrl = page.url();

  const downloading = page.waitForEvent("download");
  await page.getByTestId("export-workflow").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^exported-\d+\.switchboard\.json$/);
  const file = test.info().outputPath("export.json");
  await download.saveAs(file);
  const content = JSON.parse(await readFile(file, "utf8"));
  expect(content).toMatchObject({ format: "switchboard.workflow", version: 1, name });
  expect(content.graph.nodes).toHaveLength(2);
  expect(content.graph.edges).toHaveLength(1);

  await list.open();
  await list.importFile(file);
  await page.waitForURL((url) => /\/workflows\/[^/]+$/.test(url.pathname) && url.href !== originalUrl);
  // The name is taken (the original is still there): the copy is told apart.
  await expect(page.getByTestId("workflow-name")).toHaveValue(`${name} (2)`);
  await expect(editor.nodes).toHaveCount(2);
  await expect(editor.edges).toHaveCount(1);
  await list.open();
  await expect(list.row(name)).toHaveCount(1);
  await expect(list.row(`${name} (2)`)).toHaveCount(1);
});

test("importing a bad file says what is wrong and changes nothing", async ({ page }) => {
  const list = new WorkflowListPage(page);
  await list.open();
  const before = await list.rows.count();

  await list.importFile({
    name: "notes.json",
    mimeType: "application/json",
    buffer: Buffer.from("{ this is not json"),
  });
  await expect(list.importErrors).toContainText("“notes.json” was not imported; nothing was changed.");
  await expect(list.importErrors).toContainText("The file is not valid JSON");

  const badNode = {
    format: "switchboard.workflow",
    version: 1,
    name: "Broken",
    graph: {
      nodes: [
        {
          id: "beam-1",
          type: "acme.teleporter",
          position: { x: 0, y: 0 },
          data: { label: "Beam", mode: "normal", params: {} },
        },
      ],
      edges: [{ id: "e1", source: "beam-1", sourceHandle: "output", target: "nowhere", targetHandle: "input" }],
    },
  };
  await list.importFile({
    name: "broken.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(badNode)),
  });
  await expect(list.importErrors).toContainText("“broken.json” was not imported");
  await expect(list.importErrors).toContainText(
    'graph: node "beam-1": type "acme.teleporter" is not a component this Switchboard has',
  );
  await expect(list.importErrors).toContainText('graph: edge "e1": target "nowhere" is not a node in this file');

  // A param of the wrong type: a string where the headers object belongs is refused by node and field.
  const mistyped = {
    format: "switchboard.workflow",
    version: 1,
    name: "Mistyped",
    graph: {
      nodes: [
        {
          id: "fetch-1",
          type: "core.http.request",
          position: { x: 0, y: 0 },
          data: { label: "Fetch", mode: "normal", params: { url: "https://example.com", headers: "accept: json" } },
        },
      ],
      edges: [],
    },
  };
  await list.importFile({
    name: "mistyped.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(mistyped)),
  });
  await expect(list.importErrors).toContainText("“mistyped.json” was not imported");
  await expect(list.importErrors).toContainText('graph: node "fetch-1": headers: expected record, got string');

  await list.importFile({
    name: "other.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ nodes: [] })),
  });
  await expect(list.importErrors).toContainText('format: expected "switchboard.workflow"');

  await page.reload();
  await expect(list.rows).toHaveCount(before);
  expect(page.url()).toMatch(/\/$/);
});
