/**
 * A canvas that gets out of the way, used as a person would at 1440×900: two triggers wired into
 * one input (each trigger's run works), Tidy up on a 50-node graph (no overlaps, one undo step),
 * sticky notes and groups saved with the workflow, panels that fold to widen the canvas, templates
 * that open readable, and the inspector's row editors and `{{input}}` completion.
 */
import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";
import { RunPage } from "./pages/run-page";
import { graphNode } from "./support/graph-node";

const SHOTS = "test-results/screenshots";

/** The canvas's zoom, read from React Flow's viewport transform. */
async function zoomOf(page: Page): Promise<number> {
  const transform = await page
    .locator(".react-flow__viewport")
    .first()
    .evaluate((el) => (el as HTMLElement).style.transform);
  const match = /scale\(([\d.]+)\)/.exec(transform);
  if (!match) throw new Error(`viewport transform "${transform}" has no scale()`);
  return Number(match[1]);
}

async function widthOf(locator: Locator): Promise<number> {
  return (await locator.boundingBox())!.width;
}

test("two triggers wired into one input: a run by hand and a webhook call each run the node with their own data", async ({
  page,
  request,
}) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.entry", { x: 160, y: 140 });
  await editor.dragFromPalette("trigger.webhook", { x: 160, y: 430 });
  await editor.dragFromPalette("core.output", { x: 600, y: 290 });
  const out = editor.node("Output");
  await editor.select(editor.node("Entry"));
  await editor.param("defaultInput").fill("typed by hand");

  await editor.connect(editor.node("Entry"), "output", out, "value");
  // The second wire into the same input is taken, not refused.
  await editor.connect(editor.node("Webhook"), "output", out, "value");
  await expect(editor.connectionToast).toHaveCount(0);
  await expect(page.getByTestId("compile-errors")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/editor-two-triggers.png` });
  await editor.save();

  // The webhook is live once the draft is published (the editor's Run runs the draft).
  await page.getByTestId("publish-workflow").click();
  await page.getByTestId("publish-confirm").click();
  await expect(page.getByTestId("publish-state")).toHaveText("v1 live");
  await editor.select(editor.node("Webhook"));
  const url = await page.getByTestId("webhook-url").textContent();
  await editor.run();
  const run = new RunPage(page);
  await run.expectCompleted();
  await expect(run.finalAnswer).toContainText("typed by hand");

  const called = await request.post(url!, { data: { order: 42 } });
  expect(called.status()).toBe(202);
  const { runId } = (await called.json()) as { runId: string };
  await page.goto(`/runs/${runId}`);
  await run.expectCompleted();
  await expect(run.finalAnswer).toContainText("42");
  await expect(run.finalAnswer).not.toContainText("typed by hand");
});

/** 50 HTTP Requests piled almost on one spot, wired in chains (some inputs twice), for Tidy up. */
function pileOfFifty() {
  const nodes = Array.from({ length: 50 }, (_, i) =>
    graphNode(`step-${i}`, "core.http.request", 100 + (i % 7) * 30, 100 + (i % 5) * 25, {
      label: `Step ${i + 1}`,
      params: { method: "GET", url: `/api/health?step=${i + 1}` },
    }),
  );
  const edges = nodes.slice(1).flatMap((_, index) => {
    const i = index + 1;
    const chain = {
      id: `url-${i}`,
      source: `step-${i - 1}`,
      sourceHandle: "status",
      target: `step-${i}`,
      targetHandle: "url",
    };
    if (i % 10 !== 0) return [chain];
    // Every tenth step also starts a new row of the same chain: its URL input has two wires.
    return [
      chain,
      { id: `url2-${i}`, source: `step-${i - 10}`, sourceHandle: "status", target: `step-${i}`, targetHandle: "url" },
    ];
  });
  return { nodes, edges };
}

type Box = { id: string; x: number; y: number; width: number; height: number };

async function nodeBoxes(editor: EditorPage): Promise<Box[]> {
  return editor.canvas.locator(".react-flow__node-component, .react-flow__node-agent").evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      return { id: (el as HTMLElement).dataset.id!, x: box.x, y: box.y, width: box.width, height: box.height };
    }),
  );
}

const overlapping = (boxes: Box[]) =>
  boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter((b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
      .map((b) => `${a.id}/${b.id}`),
  );

test("Tidy up lays out a 50-node pile with no overlapping nodes, and one undo puts it back", async ({
  page,
  request,
}) => {
  const created = await request.post("/api/workflows", {
    data: { publish: true, name: `Pile ${Date.now()}`, ...pileOfFifty() },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const editor = new EditorPage(page);
  await page.goto(`/workflows/${id}`);
  await expect(editor.nodes).toHaveCount(50);
  expect(overlapping(await nodeBoxes(editor)).length).toBeGreaterThan(0);
  const before = await editor.positionOf(editor.node("Step 1"));

  await page.getByTestId("auto-layout").click();
  await expect.poll(async () => overlapping(await nodeBoxes(editor))).toEqual([]);
  // Data flows left to right.
  const first = await editor.positionOf(editor.node("Step 1"));
  const second = await editor.positionOf(editor.node("Step 2"));
  expect(second.x).toBeGreaterThan(first.x);
  await page.screenshot({ path: `${SHOTS}/editor-tidy-up.png` });

  await page.getByTestId("undo").click();
  await expect.poll(() => editor.positionOf(editor.node("Step 1"))).toEqual(before);
  await page.getByTestId("redo").click();
  await expect.poll(async () => overlapping(await nodeBoxes(editor))).toEqual([]);
  await expect(page.getByTestId("compile-errors")).toHaveCount(0);
});

test("sticky notes and groups: written, coloured, moved with their nodes, and saved with the workflow", async ({
  page,
}) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.entry", { x: 200, y: 260 });
  await editor.dragFromPalette("core.output", { x: 520, y: 260 });
  await editor.connect(editor.node("Entry"), "output", editor.node("Output"), "value");

  // A note: written in markdown-ish text, shown formatted.
  await page.getByTestId("add-sticky-note").click();
  const note = editor.canvas.getByTestId("sticky-note");
  await expect(note).toHaveCount(1);
  await note.dblclick();
  const text = note.getByTestId("sticky-note-editor");
  await text.fill("# Read me\nThis flow **echoes** the input.\n- step one\n- step two");
  await editor.canvas.locator(".react-flow__pane").click({ position: { x: 30, y: 30 } });
  await expect(note.locator("h3")).toHaveText("Read me");
  await expect(note.locator("strong")).toHaveText("echoes");
  await expect(note.locator("li")).toHaveCount(2);

  // Coloured while selected.
  await note.click();
  await note.getByTestId("annotation-color-green").click();
  await expect(note).toHaveClass(/is-green/);

  // A group around the two nodes; dragging its title carries them along.
  await editor.canvas.locator(".react-flow__pane").click({ position: { x: 30, y: 30 } });
  await editor.select(editor.node("Entry"));
  await page.keyboard.down("ControlOrMeta");
  await editor.node("Output").locator(".node-header").click();
  await page.keyboard.up("ControlOrMeta");
  await page.getByTestId("add-group").click();
  const group = editor.canvas.getByTestId("node-group");
  await expect(group).toHaveCount(1);
  await group.getByTestId("node-group-label").fill("Echo");
  await editor.canvas.locator(".react-flow__pane").click({ position: { x: 30, y: 30 } });
  const entryBefore = await editor.positionOf(editor.node("Entry"));
  const outputBefore = await editor.positionOf(editor.node("Output"));
  // Grabbed by the title bar's left end (its grip), as one moves a frame.
  const title = (await group.getByTestId("node-group-title").boundingBox())!;
  const grip = { x: title.x + 5, y: title.y + title.height / 2 };
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  await page.mouse.move(grip.x + 80, grip.y + 50, { steps: 12 });
  await page.mouse.up();
  const entryAfter = await editor.positionOf(editor.node("Entry"));
  const outputAfter = await editor.positionOf(editor.node("Output"));
  expect(entryAfter.x - entryBefore.x).toBeGreaterThan(20);
  expect(outputAfter.x - outputBefore.x).toBeCloseTo(entryAfter.x - entryBefore.x, 0);
  expect(outputAfter.y - outputBefore.y).toBeCloseTo(entryAfter.y - entryBefore.y, 0);
  await expect(page.getByTestId("compile-errors")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/editor-notes-groups.png` });

  await editor.save();
  await page.reload();
  await expect(editor.canvas.getByTestId("sticky-note")).toHaveClass(/is-green/);
  await expect(editor.canvas.getByTestId("sticky-note").locator("h3")).toHaveText("Read me");
  await expect(editor.canvas.getByTestId("node-group-label")).toHaveValue("Echo");
  expect(await editor.positionOf(editor.node("Entry"))).toEqual(entryAfter);

  // Ignored by the compiler: the workflow runs as if they were not there.
  await editor.run();
  await new RunPage(page).expectCompleted();
});

test("the palette and inspector fold away to widen the canvas, and stay folded after a reload", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.entry", { x: 200, y: 200 });
  const open = await widthOf(editor.canvas);

  await page.getByTestId("collapse-palette").click();
  await page.getByTestId("collapse-inspector").click();
  await expect(page.getByTestId("palette")).toHaveCount(0);
  await expect(page.getByTestId("inspector")).toHaveCount(0);
  await expect.poll(() => widthOf(editor.canvas)).toBeGreaterThan(open + 450);
  await page.screenshot({ path: `${SHOTS}/editor-panels-folded.png` });

  await page.reload();
  await expect(page.getByTestId("palette-rail")).toBeVisible();
  await expect(page.getByTestId("inspector-rail")).toBeVisible();
  await expect.poll(() => widthOf(editor.canvas)).toBeGreaterThan(open + 450);

  await page.getByTestId("expand-palette").click();
  await page.getByTestId("expand-inspector").click();
  await expect(page.getByTestId("palette")).toBeVisible();
  await expect.poll(() => widthOf(editor.canvas)).toBeCloseTo(open, 0);
});

test("a template opens fitted at a zoom where its port labels read", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("template-research-agent").click();
  await page.waitForURL(/\/workflows\/[^/]+$/);
  const editor = new EditorPage(page);
  await expect(editor.nodes.first()).toBeVisible();
  await expect.poll(() => zoomOf(page)).toBeGreaterThanOrEqual(0.7);
  await expect(editor.canvas).not.toHaveClass(/is-zoomed-out/);
  await expect(editor.canvas.locator(".node-port-label").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/editor-template-readable.png` });
});

test("the inspector edits arguments as rows, headers as key/value rows with a secret, and offers {{input}}", async ({
  page,
  request,
}) => {
  const secretName = `HEADER_TOKEN_${Date.now()}`;
  expect((await request.put(`/api/secrets/${secretName}`, { data: { value: "Bearer e2e" } })).ok()).toBe(true);
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.entry", { x: 160, y: 160 });
  await editor.dragFromPalette("core.llm", { x: 520, y: 160 });
  await editor.dragFromPalette("core.http.request", { x: 160, y: 440 });
  await editor.dragFromPalette("mcp.server", { x: 520, y: 460 });
  await editor.connect(editor.node("Entry"), "output", editor.node("LLM"), "input");

  await editor.select(editor.node("LLM"));
  const prompt = editor.param("prompt");
  await prompt.fill("");
  await prompt.pressSequentially("Summarise {{");
  const suggestions = editor.inspector.getByTestId("param-prompt-suggestions");
  await expect(suggestions.getByRole("option").first()).toContainText("{{input}}");
  await expect(suggestions).toContainText("{{Entry.output}}");
  await prompt.press("Enter");
  await expect(prompt).toHaveValue("Summarise {{input}}");

  await editor.select(editor.node("HTTP Request"));
  await editor.param("url").fill("https://example.com/api");
  await editor.fillRows("headers", [
    ["Accept", "application/json"],
    ["Authorization", { secret: secretName }],
  ]);
  await page.screenshot({ path: `${SHOTS}/editor-header-rows.png` });

  await editor.select(editor.node("MCP Server"));
  await editor.param("command").fill("node");
  await editor.fillList("args", ["-y", "server.js", "--port"]);
  await editor.param("args").getByTestId("param-args-remove").last().click();
  await expect(editor.param("args").getByTestId("param-args-item")).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/editor-args-rows.png` });
  await editor.save();

  // Stored as before (an array, an object with a secret reference): the exported file says so.
  const download = page.waitForEvent("download");
  await page.getByTestId("export-workflow").click();
  const file = JSON.parse(readFileSync((await (await download).path())!, "utf8")) as {
    graph: { nodes: { data: { label: string; params: Record<string, unknown> } }[] };
  };
  const params = (label: string) => file.graph.nodes.find((n) => n.data.label === label)!.data.params;
  expect(params("MCP Server").args).toEqual(["-y", "server.js"]);
  expect(params("HTTP Request").headers).toEqual({
    Accept: "application/json",
    Authorization: { $secret: secretName },
  });

  await page.reload();
  await editor.select(editor.node("HTTP Request"));
  await expect(editor.param("headers").getByTestId("param-headers-secret")).toHaveValue(secretName);
  await editor.select(editor.node("MCP Server"));
  await expect(editor.param("args").getByTestId("param-args-item").first()).toHaveValue("-y");
  expect((await request.delete(`/api/secrets/${secretName}`)).status()).toBe(204);
});
