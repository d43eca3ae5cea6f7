/**
 * An MCP server as an agent's tool, the way a person sets it up: drop an MCP Server node, point it
 * at server-everything over stdio, Discover tools, pick some, wire it into an agent, run, and see
 * the MCP tool calls, the server's health and its teardown in the run view.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";
import { RunPage } from "./pages/run-page";

const EVERYTHING = path.join(process.cwd(), "node_modules/@modelcontextprotocol/server-everything/dist/index.js");

const AGENT_SCRIPT = JSON.stringify({
  toolCalls: [
    { tool: "everything__echo", args: { message: "hi from the browser" } },
    { tool: "everything__get-tiny-image", args: {} },
    // Long enough that the run view is watching while it runs, however slowly a busy machine draws the page.
    { tool: "everything__trigger-long-running-operation", args: { duration: 20, steps: 4 } },
  ],
  finalText: "{{results.0}}",
});

test("a person wires server-everything into an agent, picks its tools and watches the MCP calls in the run view", async ({
  page,
}) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.entry", { x: 170, y: 170 });
  await editor.dragFromPalette("core.agent", { x: 560, y: 170 });
  await editor.dragFromPalette("mcp.server", { x: 560, y: 500 });
  const entry = editor.node("Entry");
  const agent = editor.node("Agent");
  await editor.connect(entry, "output", agent, "input");

  const server = editor.node("MCP Server");
  await editor.select(server);
  await editor.inspector.getByTestId("tool-mode-toggle").check();
  await editor.inspector.getByTestId("node-label").fill("everything");
  const mcp = editor.inspector.getByTestId("mcp-section");

  // A command off the allow-list: Discover shows why, and lists nothing.
  await editor.param("command").fill("bash");
  await mcp.getByTestId("discover-tools").click();
  await expect(mcp.getByTestId("discover-error")).toContainText('"bash" is not on the MCP allow-list');

  await editor.param("command").fill("node");
  await editor.fillList("args", [EVERYTHING, "stdio"]);
  await editor.param("healthCheckSeconds").fill("0.5");
  await mcp.getByTestId("discover-tools").click();
  await expect(mcp.getByTestId("mcp-tool-echo")).toContainText("Echoes back the input string");
  await expect(mcp.getByTestId("discover-error")).toHaveCount(0);

  // Changed settings: the tools found for the old ones are not shown as theirs; a server that crashes says why.
  await editor.fillList("args", ["/nonexistent/mcp-server.js"]);
  await expect(mcp.getByTestId("discover-outdated")).toBeVisible();
  await expect(mcp.getByTestId("mcp-tool-echo")).toHaveCount(0);
  await mcp.getByTestId("discover-tools").click();
  await expect(mcp.getByTestId("discover-error")).toContainText("Cannot find module '/nonexistent/mcp-server.js'");
  await expect(mcp.getByTestId("mcp-tool-echo")).toHaveCount(0);
  await editor.fillList("args", [EVERYTHING, "stdio"]);
  await mcp.getByTestId("discover-tools").click();
  await expect(mcp.getByTestId("mcp-tool-echo")).toContainText("Echoes back the input string");
  await mcp.getByTestId("tool-filter-selected").check();
  await mcp.getByTestId("mcp-tool-echo").getByRole("checkbox").check();
  await mcp.getByTestId("mcp-tool-trigger-long-running-operation").getByRole("checkbox").check();
  await mcp.getByTestId("mcp-tool-get-tiny-image").getByRole("checkbox").check();
  await expect(mcp.getByTestId("tool-filter-summary")).toHaveText(/^3 of \d+ tools offered to the agent$/);

  const tool = editor.node("everything");
  // The node and the tool-mode section say what the agent gets: the server's tools under everything__, two of them.
  await expect(tool.getByTestId("mcp-tool-summary")).toContainText("everything__*");
  await expect(tool.getByTestId("mcp-tool-summary")).toContainText("3 selected");
  await expect(editor.inspector.getByTestId("tool-sources")).toContainText("everything__*");
  await page.screenshot({ path: "test-results/screenshots/mcp-editor.png" });
  await editor.connect(tool, "tool", agent, "tools");
  await expect(agent.locator(".node-tools-count")).toHaveText("1 connected");
  await editor.select(agent);
  await editor.useScriptedModel(AGENT_SCRIPT);
  await editor.save();
  await expect(page.getByTestId("compile-errors")).toHaveCount(0);
  await editor.run();

  const run = new RunPage(page);
  const echo = run.toolCall("everything__echo");
  await expect(echo).toHaveCount(1, { timeout: 60_000 });
  await expect(echo.getByTestId("tool-call-result")).toContainText("Echo: hi from the browser");
  // The health check reports while the long call runs (the server is torn down with the run).
  const health = page.getByTestId("mcp-health");
  await expect(health.locator('[data-status="green"]')).toHaveCount(1);
  await expect(health).toContainText("everything");
  const dot = run.graph.locator(".react-flow__node").filter({ hasText: "everything" });
  await expect
    .poll(() => dot.evaluate((node) => getComputedStyle(node, "::after").backgroundColor))
    .toBe("rgb(22, 163, 74)");
  // An image result is drawn as an image, not printed as base64.
  const image = run.toolCall("everything__get-tiny-image").getByTestId("value-image");
  await expect(image).toBeVisible();
  expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(run.toolCall("everything__get-tiny-image").getByTestId("tool-call-result")).not.toContainText(
    `"mimeType"`,
  ); // the image block is not printed as JSON
  await run
    .toolCall("everything__get-tiny-image")
    .screenshot({ path: "test-results/screenshots/mcp-image-result.png" });
  await expect(run.toolCall("everything__trigger-long-running-operation")).toHaveCount(1, { timeout: 30_000 });
  await run.expectCompleted();
  await expect(run.finalAnswer).toContainText("Echo: hi from the browser");
  await expect(page.locator('[data-event-type="tool.registered"]')).toHaveCount(1);
  await expect(page.locator('[data-event-type="tool.teardown"]')).toHaveCount(1);
  await page.screenshot({ path: "test-results/screenshots/mcp-run-view.png" });

  // The filter was saved on the node: reopening the workflow shows the same choice.
  await page.getByTestId("run-workflow-link").click();
  await editor.select(editor.node("everything"));
  await expect(editor.inspector.getByTestId("tool-filter-selected")).toBeChecked();
  await expect(editor.inspector.getByTestId("mcp-tool-echo")).toBeVisible();
});

test("a person cancels a run while an MCP tool is still working, and its server is torn down", async ({ page }) => {
  const graph = {
    nodes: [
      {
        id: "entry",
        type: "core.entry",
        position: { x: 100, y: 100 },
        data: { label: "Entry", mode: "normal", params: {} },
      },
      {
        id: "agent",
        type: "core.agent",
        position: { x: 450, y: 100 },
        data: {
          label: "Agent",
          mode: "normal",
          params: {
            script: {
              toolCalls: [{ tool: "slow__trigger-long-running-operation", args: { duration: 60, steps: 2 } }],
              finalText: "never",
            },
          },
        },
      },
      {
        id: "slow",
        type: "mcp.server",
        position: { x: 450, y: 400 },
        data: { label: "slow", mode: "tool", params: { command: "node", args: [EVERYTHING, "stdio"] } },
      },
    ],
    edges: [
      { id: "e1", source: "entry", sourceHandle: "output", target: "agent", targetHandle: "input" },
      { id: "e2", source: "slow", sourceHandle: "tool", target: "agent", targetHandle: "tools" },
    ],
  };
  const created = await page.request.post("/api/workflows", {
    data: { publish: true, name: "Cancel an MCP call", ...graph },
  });
  expect(created.status()).toBe(201);
  await page.goto(`/workflows/${(await created.json()).id}`);
  const editor = new EditorPage(page);
  await editor.run();

  const run = new RunPage(page);
  await expect(page.locator('[data-event-type="tool.call.started"]')).toHaveCount(1, { timeout: 60_000 });
  await page.getByTestId("cancel-run").click();
  await expect(run.status).toHaveText("cancelled", { timeout: 15_000 });
  await expect(page.locator('[data-event-type="tool.teardown"]')).toHaveCount(1);
  await expect(page.getByTestId("cancel-run")).toHaveCount(0);
  // The agent was running when Cancel came: its node says so, rather than showing no state at all.
  const agentStatus = page
    .locator(".react-flow__node", { has: page.locator(".node-title").getByText("Agent", { exact: true }) })
    .locator(".node-status");
  await expect(agentStatus).toHaveText("Cancelled");
  await page.screenshot({ path: "test-results/screenshots/run-cancelled-node.png" });
});

test("the editor follows a run that is still going: its status, and the MCP server's health dot on the node", async ({
  page,
  request,
}) => {
  // The agent's first tool call waits on this server until the editor is watching, however slowly the page loads.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold = createServer(async (_request, response) => {
    await released;
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => hold.listen(0, "127.0.0.1", resolve));
  const holdUrl = `http://127.0.0.1:${(hold.address() as AddressInfo).port}/hold`;
  try {
    const { id } = await createLiveWorkflow(request, holdUrl);
    const started = await request.post(`/api/workflows/${id}/runs`, { data: { input: "go" } });
    expect(started.status()).toBe(201);
    const { runId } = await started.json();

    await page.goto(`/workflows/${id}`);
    const editor = new EditorPage(page);
    const live = page.getByTestId("live-run");
    await expect(live).toContainText(/queued|running/);
    await expect
      .poll(() => editor.node("slow").evaluate((element) => getComputedStyle(element, "::after").backgroundColor), {
        timeout: 20_000,
      })
      .toBe("rgb(22, 163, 74)");
    await expect(live).toContainText("running");
    await page.screenshot({ path: "test-results/screenshots/editor-live-run.png" });
    release();
    await expect(live).toContainText("completed", { timeout: 30_000 });
    await expect(page.getByTestId("live-run-link")).toHaveAttribute("href", `/runs/${runId}`);
  } finally {
    release();
    await new Promise((resolve) => hold.close(resolve));
  }
});

/** Entry, then an Agent with two tools: an HTTP request to `holdUrl` (called first) and a pinged MCP server. */
async function createLiveWorkflow(request: APIRequestContext, holdUrl: string): Promise<{ id: string }> {
  const node = (id: string, type: string, label: string, y: number, mode: "normal" | "tool", params: object) => ({
    id,
    type,
    position: { x: id === "entry" ? 0 : 360, y },
    data: { label, mode, params },
  });
  const toolCalls = [
    { tool: "http_request", args: { url: holdUrl } },
    { tool: "slow__trigger-long-running-operation", args: { duration: 1, steps: 1 } },
  ];
  const graph = {
    nodes: [
      node("entry", "core.entry", "Entry", 0, "normal", {}),
      node("agent", "core.agent", "Agent", 0, "normal", {
        provider: "scripted",
        script: { toolCalls, finalText: "done" },
      }),
      node("http", "core.http.request", "HTTP Request", 320, "tool", { method: "GET", url: holdUrl }),
      node("slow", "mcp.server", "slow", 560, "tool", {
        transport: "stdio",
        command: "node",
        args: [EVERYTHING, "stdio"],
        healthCheckSeconds: 0.5,
      }),
    ],
    edges: [
      { id: "e1", source: "entry", sourceHandle: "output", target: "agent", targetHandle: "input" },
      { id: "e2", source: "http", sourceHandle: "tool", target: "agent", targetHandle: "tools" },
      { id: "e3", source: "slow", sourceHandle: "tool", target: "agent", targetHandle: "tools" },
    ],
  };
  const created = await request.post("/api/workflows", {
    data: { publish: true, name: `Live editor ${Date.now()}`, ...graph },
  });
  expect(created.status()).toBe(201);
  return created.json();
}

test("workflow-level MCP servers are declared in the workflow settings and an MCP node refers to one by name", async ({
  page,
}) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("mcp.server", { x: 400, y: 260 });
  const problems = page.getByTestId("compile-errors");

  // A reference to a server nobody declared is a compile problem naming the field.
  await editor.select(editor.node("MCP Server"));
  await editor.param("transport").selectOption("ref");
  await editor.param("ref").fill("everything");
  await expect(problems).toContainText("1 problem");
  await expect(editor.node("MCP Server")).toContainText(
    'refers to MCP server "everything", which the workflow does not declare',
  );

  // Nothing selected: the inspector holds the workflow's settings. Bad JSON is refused with a reason.
  await editor.canvas.locator(".react-flow__pane").click({ position: { x: 60, y: 500 } });
  await expect(editor.inspector).toContainText("Workflow settings");
  const settings = editor.inspector.getByTestId("workflow-mcp-servers");
  await settings.locator("summary").click();
  await settings.getByTestId("workflow-mcp-servers-json").fill('{ "everything": { "transport": "stdio" } }');
  await settings.getByTestId("workflow-mcp-servers-apply").click();
  await expect(settings).toContainText("everything.command");
  await settings
    .getByTestId("workflow-mcp-servers-json")
    .fill(JSON.stringify({ everything: { transport: "stdio", command: "node", args: [EVERYTHING, "stdio"] } }));
  await settings.getByTestId("workflow-mcp-servers-apply").click();
  await expect(settings).toContainText("1 server(s) kept");
  await page.screenshot({ path: "test-results/screenshots/workflow-settings.png" });
  await expect(problems).toHaveCount(0);
  await editor.save();

  await page.reload();
  await editor.inspector.getByTestId("workflow-mcp-servers").locator("summary").click();
  await expect(editor.inspector.getByTestId("workflow-mcp-servers-json")).toHaveValue(/"everything"/);
  await expect(problems).toHaveCount(0);
});
