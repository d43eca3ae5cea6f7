/**
 * The build loop as a person uses it, in n8n's way: build Entry → HTTP Request → Transform, run
 * the HTTP node alone from its toolbar and read its output in the editor's data panel, pin it,
 * change the Transform and run from there — the HTTP server (a real one, counting its hits) is not
 * called again — and find both runs in the workflow's history marked as partial test runs. Opened again, the editor
 * has each node's latest output from the page itself.
 */
import { startCountingServer, type CountingServer } from "../lib/testing/counting-server";
import { EditorPage } from "./pages/editor-page";
import { expect, test } from "./support/test";

let counter: CountingServer;
test.beforeAll(async () => {
  counter = await startCountingServer();
});
test.afterAll(() => counter.close());

test("run one node, see its output, pin it, and run from the next node without calling it again", async ({ page }) => {
  const editor = new EditorPage(page);
  const hits = () => counter.hits("GET /fast?build-loop");
  await editor.createWorkflow();
  await editor.dragFromPalette("core.entry", { x: 120, y: 160 });
  await editor.dragFromPalette("core.http.request", { x: 380, y: 160 });
  await editor.dragFromPalette("core.transform", { x: 660, y: 160 });
  const [entry, http, transform] = ["Entry", "HTTP Request", "Transform"].map((label) => editor.node(label));
  await editor.connect(entry, "output", http, "body");
  await editor.connect(http, "body", transform, "input");
  await editor.select(http);
  await editor.param("url").fill(`${counter.url}/fast?n=build-loop`);
  await editor.select(transform);
  await editor.param("mode").selectOption("jsonata");
  await editor.param("expression").fill("$uppercase($)");

  // Run the HTTP node alone, from the toolbar over it.
  await editor.select(http);
  const toolbar = page.getByTestId("node-run-toolbar");
  await toolbar.getByRole("button", { name: "Run node" }).click();
  const banner = page.getByTestId("test-run");
  await expect(banner).toHaveAttribute("data-phase", "completed");
  expect(hits()).toBe(1);
  const output = page.getByTestId("data-output");
  await expect(output).toContainText("hit GET /fast?build-loop");
  await expect(http.locator(".node-status")).toHaveText("Done");
  await expect(transform.locator(".node-status")).toHaveCount(0); // left out of the run, so no badge
  await page.getByRole("tab", { name: "Table" }).click();
  await expect(output.getByTestId("data-table")).toContainText("status");
  await page.screenshot({ path: "test-results/build-loop-run-node.png" });

  // Pin it: the node says so, and the Transform shows the pinned data as what it would get.
  await output.getByTestId("pin-output").click();
  await expect(http.getByTestId("pin-badge")).toBeVisible();
  await editor.select(transform);
  const input = page.getByTestId("data-input");
  await expect(input).toContainText("input ← HTTP Request.body");
  await expect(input).toContainText("Pinned");
  await expect(input).toContainText("hit GET /fast?build-loop");

  // Change the Transform and run from there: the pin stands in for the HTTP node.
  await page.getByRole("tab", { name: "JSON" }).click();
  await editor.param("expression").fill("$substring($, 0, 3) & ' from the pin'");
  await toolbar.getByRole("button", { name: "Run from here" }).click();
  await expect(banner).toContainText("Run from “Transform”");
  await expect(banner).toHaveAttribute("data-phase", "completed");
  await expect(page.getByTestId("data-output")).toContainText("hit from the pin");
  expect(hits()).toBe(1);
  await page.screenshot({ path: "test-results/build-loop-run-from-pin.png" });

  // Both runs are in the workflow's history, marked partial with what they ran.
  await page.getByTestId("test-run-link").click();
  await page.waitForURL(/\/runs\/[^/]+$/);
  await expect(page.getByTestId("event-timeline")).toContainText("Transform");
  await page.goBack();
  await page.waitForURL(/\/workflows\/[^/]+$/);
  const workflowId = new URL(page.url()).pathname.split("/").pop();
  await page.goto(`/runs?workflowId=${workflowId}`);
  const marks = page.getByTestId("run-row").getByTestId("run-test-mark");
  await expect(marks).toHaveCount(2);
  await expect(marks.nth(0)).toHaveText("partial · ran 1 node · 1 pinned");
  await expect(marks.nth(0)).toHaveAttribute("title", /ran: transform-/);
  await expect(marks.nth(1)).toHaveText("partial · ran 2 nodes");
  await page.screenshot({ path: "test-results/build-loop-history.png" });

  // The pin was saved with the workflow: it is still there after a reload.
  await page.goBack();
  await expect(editor.node("HTTP Request").getByTestId("pin-badge")).toBeVisible();

  // The nodes' latest outputs, and what the other panels show at once (the workflow list, the public chat settings,
  // the secrets' names, what is live), come with the page: opening the editor asks the server for nothing more (no
  // server action, none of the panels' reads), and the data panel shows the Transform's output from the last run.
  const asked: string[] = [];
  const panelRead = /^\/api\/(workflows|secrets|workflows\/[^/]+\/(public-chat|versions))$/;
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.headers()["next-action"] || panelRead.test(pathname)) asked.push(`${request.method()} ${pathname}`);
  });
  await page.reload();
  await expect(page.getByTestId("publish-state")).toHaveText("Not published");
  await editor.select(editor.node("Transform"));
  await page.getByTestId("data-panel-toggle").click();
  await expect(page.getByTestId("data-output")).toContainText("hit from the pin");
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  // The canvas, fitted when the page opened, was fitted again as the data panel took its height: no node is left
  // under the minimap in the corner.
  const minimap = (await page.locator(".react-flow__minimap").boundingBox())!;
  for (const node of await page.locator(".react-flow__node").all()) {
    const box = (await node.boundingBox())!;
    const overlaps =
      box.x < minimap.x + minimap.width &&
      minimap.x < box.x + box.width &&
      box.y < minimap.y + minimap.height &&
      minimap.y < box.y + box.height;
    expect(overlaps, `${await node.getAttribute("data-id")} lies under the minimap`).toBe(false);
  }
  // The run toolbar over the selected node (icons, named for screen readers and tooltips) stays inside the canvas.
  const canvas = (await page.getByTestId("editor-canvas").boundingBox())!;
  const bar = (await page.getByTestId("node-run-toolbar").boundingBox())!;
  expect(bar.x).toBeGreaterThanOrEqual(canvas.x);
  expect(bar.x + bar.width).toBeLessThanOrEqual(canvas.x + canvas.width);
  await page.screenshot({ path: "test-results/build-loop-reopened.png" });
});
