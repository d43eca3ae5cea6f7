/**
 * The MCP catalogue as a person uses it: open "Browse MCP servers" from the palette, search, read what a server
 * will install before adding it, fill in its folder, add it, Discover its tools and run an agent that calls one; a
 * server with no settings is added from its card in one click.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";
import { RunPage } from "./pages/run-page";

test("a person adds the filesystem server from the catalogue, discovers its tools and an agent reads a file", async ({
  page,
}) => {
  const docs = mkdtempSync(path.join(tmpdir(), "switchboard-e2e-catalogue-"));
  writeFileSync(path.join(docs, "notes.txt"), "the catalogue read this");
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.entry", { x: 170, y: 170 });
  await editor.dragFromPalette("core.agent", { x: 560, y: 170 });
  await editor.connect(editor.node("Entry"), "output", editor.node("Agent"), "input");

  await page.getByTestId("open-mcp-catalogue").click();
  const catalogue = page.getByTestId("mcp-catalogue");
  await expect(catalogue.getByTestId("mcp-catalogue-entry-github")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/mcp-catalogue.png" });
  await catalogue.getByTestId("mcp-catalogue-search").fill("files");
  await expect(catalogue.getByTestId("mcp-catalogue-entry-postgres")).toHaveCount(0);
  await catalogue
    .getByTestId("mcp-catalogue-entry-filesystem")
    .getByRole("button", { name: /Filesystem/ })
    .click();

  // What it installs and whether it needs the network, before anything is added.
  const setup = catalogue.getByTestId("mcp-catalogue-setup");
  await expect(setup.getByTestId("mcp-catalogue-install")).toContainText(
    "Installed with Switchboard (@modelcontextprotocol/server-filesystem 2026.8.31): nothing is downloaded.",
  );
  await expect(setup.getByTestId("mcp-catalogue-network")).toHaveText("No network: works offline.");
  await setup.getByTestId("mcp-catalogue-add").click();
  await expect(setup.getByTestId("catalogue-field-folder-error")).toHaveText("Folder is required");
  await setup.getByTestId("catalogue-field-folder").fill(docs);
  await expect(setup.getByTestId("mcp-catalogue-command")).toHaveText(
    `node node_modules/@modelcontextprotocol/server-filesystem/dist/index.js ${docs}`,
  );
  await page.screenshot({ path: "test-results/screenshots/mcp-catalogue-filesystem.png" });
  await setup.getByTestId("mcp-catalogue-add").click();
  await expect(catalogue).toHaveCount(0);

  // The node holds what a person would have typed, in tool mode, and Discover starts it in the sandbox.
  const filesystem = editor.node("Filesystem");
  await expect(filesystem).toHaveClass(/selected/);
  await expect(editor.inspector.getByTestId("tool-mode-toggle")).toBeChecked();
  await expect(editor.param("command")).toHaveValue("node");
  const mcp = editor.inspector.getByTestId("mcp-section");
  await mcp.getByTestId("discover-tools").click();
  await expect(mcp.getByTestId("mcp-tool-read_text_file")).toBeVisible();
  await expect(mcp.getByTestId("discover-error")).toHaveCount(0);

  await editor.connect(filesystem, "tool", editor.node("Agent"), "tools");
  await editor.select(editor.node("Agent"));
  await editor.useScriptedModel(
    JSON.stringify({
      toolCalls: [{ tool: "filesystem__read_text_file", args: { path: path.join(docs, "notes.txt") } }],
      finalText: "{{results.0}}",
    }),
  );
  await editor.save();
  await expect(page.getByTestId("compile-errors")).toHaveCount(0);
  await editor.run();
  const run = new RunPage(page);
  await expect(run.toolCall("filesystem__read_text_file").getByTestId("tool-call-result")).toContainText(
    "the catalogue read this",
    { timeout: 60_000 },
  );
  await run.expectCompleted();
});

test("a server with no settings is added from its card in one click", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await page.getByTestId("open-mcp-catalogue").click();
  const catalogue = page.getByTestId("mcp-catalogue");
  // The filesystem server needs a folder: no one-click Add on its card.
  await expect(catalogue.getByTestId("mcp-catalogue-entry-filesystem")).toBeVisible();
  await expect(catalogue.getByTestId("mcp-catalogue-quick-add-filesystem")).toHaveCount(0);
  await catalogue.getByTestId("mcp-catalogue-search").fill("reasoning");
  await expect(catalogue.getByTestId("mcp-catalogue-entry-filesystem")).toHaveCount(0);
  await catalogue.getByTestId("mcp-catalogue-quick-add-sequential-thinking").click();
  await expect(catalogue).toHaveCount(0);
  await editor.select(editor.node("Sequential thinking"));
  const mcp = editor.inspector.getByTestId("mcp-section");
  await mcp.getByTestId("discover-tools").click();
  await expect(mcp.getByTestId("mcp-tool-sequentialthinking")).toBeVisible();
});

test("from the workflow's MCP servers, the memory server is added as a workflow-level server a node refers to", async ({
  page,
}) => {
  const kept = mkdtempSync(path.join(tmpdir(), "switchboard-e2e-memory-"));
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  // Nothing selected: the inspector shows the workflow's own settings, its MCP servers among them.
  const servers = editor.inspector.getByTestId("workflow-mcp-servers");
  await servers.locator("summary").click();
  await servers.getByTestId("workflow-mcp-servers-browse").click();
  const catalogue = page.getByTestId("mcp-catalogue");
  await catalogue.getByTestId("mcp-catalogue-search").fill("memory");
  const setup = catalogue.getByTestId("mcp-catalogue-setup");
  await expect(setup.getByTestId("mcp-catalogue-add-as-workflow")).toBeChecked();
  await setup.getByTestId("catalogue-field-folder").fill(kept);
  await setup.getByTestId("mcp-catalogue-add").click();
  await expect(catalogue).toHaveCount(0);

  await expect(editor.node("Memory")).toHaveClass(/selected/);
  await expect(editor.param("transport")).toHaveValue("ref");
  await expect(editor.param("ref")).toHaveValue("memory");
  const declared = editor.inspector.getByTestId("workflow-mcp-servers");
  await expect(declared.getByTestId("workflow-mcp-servers-json")).toHaveValue(
    new RegExp(`"MEMORY_FILE_PATH": "${kept}/memory.jsonl"`),
  );
  const mcp = editor.inspector.getByTestId("mcp-section");
  await mcp.getByTestId("discover-tools").click();
  await expect(mcp.getByTestId("mcp-tool-create_entities")).toBeVisible();
  await editor.save();
  await expect(page.getByTestId("compile-errors")).toHaveCount(0);
});

test("a server's secret setting is a stored secret picked by name, and its value never reaches the page", async ({
  page,
  request,
}) => {
  const secretName = `SLACK_BOT_${Date.now()}`;
  const secretValue = `xoxb-e2e-${Date.now()}`;
  expect((await request.put(`/api/secrets/${secretName}`, { data: { value: secretValue } })).ok()).toBe(true);
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await page.getByTestId("open-mcp-catalogue").click();
  const catalogue = page.getByTestId("mcp-catalogue");
  await catalogue.getByTestId("mcp-catalogue-search").fill("slack");
  const setup = catalogue.getByTestId("mcp-catalogue-setup");
  await expect(setup.getByTestId("mcp-catalogue-install")).toContainText(
    "npx downloads @modelcontextprotocol/server-slack@2025.4.25 from the npm registry",
  );
  await expect(setup.getByTestId("mcp-catalogue-network")).toContainText("Network on: to download it");
  await setup.getByTestId("mcp-catalogue-add").click();
  await expect(setup.getByTestId("catalogue-field-botToken-error")).toHaveText(
    "Bot token is required: pick a stored secret",
  );
  await setup.getByTestId("catalogue-field-botToken").selectOption(secretName);
  await setup.getByTestId("catalogue-field-teamId").fill("T0123");
  await expect(setup.getByTestId("mcp-catalogue-command")).toHaveText(
    `SLACK_BOT_TOKEN='<secret ${secretName}>' SLACK_TEAM_ID=T0123 npx -y @modelcontextprotocol/server-slack@2025.4.25`,
  );
  await page.screenshot({ path: "test-results/screenshots/mcp-catalogue-secret.png" });
  await setup.getByTestId("mcp-catalogue-add").click();

  await expect(editor.node("Slack")).toHaveClass(/selected/);
  await expect(editor.param("network")).toBeChecked();
  await expect(editor.param("env").getByTestId("param-env-secret")).toHaveValue(secretName);
  await editor.save();
  await expect(page.getByTestId("compile-errors")).toHaveCount(0);
  expect(await page.content()).not.toContain(secretValue);
  expect((await request.delete(`/api/secrets/${secretName}`)).status()).toBe(204);
});
