/**
 * A 1,000-node, 1,500-edge workflow: it imports, opens fitted, answers clicks, dragging one node changes no other
 * node's DOM, and the minimap draws every node and follows the dragged one. Time is measured by
 * `npm run bench:editor`, not asserted here.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { largeWorkflowFile } from "./support/large-graph";
import { measureDrag, timeOpen } from "./support/editor-measure";
import { WorkflowListPage } from "./pages/workflow-list-page";

/** The minimap's node rectangles, as path data ("M…z" per node), mask excluded. */
const minimapRects = (page: Page) =>
  page
    .getByTestId("minimap")
    .locator("path:not(.react-flow__minimap-mask)")
    .evaluateAll((paths) => paths.map((path) => path.getAttribute("d") ?? "").join(""));
const rectCount = (d: string) => d.match(/M/g)?.length ?? 0;

test("a 1,000-node workflow opens, is interactive, and dragging a node leaves the others alone", async ({ page }) => {
  const list = new WorkflowListPage(page);
  await list.open();
  const file = largeWorkflowFile(`Large graph ${Date.now()}`);
  await list.importFile({
    name: "large.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await page.waitForURL(/\/workflows\/[^/]+$/, { timeout: 60_000 });

  const opened = await timeOpen(page, page.url());
  // Both are times since navigation: a node can be clicked only once it is drawn.
  expect(opened.drawnMs).toBeGreaterThan(0);
  expect(opened.interactiveMs).toBeGreaterThan(opened.drawnMs);
  await expect(page.getByTestId("compile-errors")).toHaveCount(0);
  // Opened fitted, as a small graph opens: at the readable zoom, the graph's top-left corner (0, 0) a margin in from
  // the canvas's. Its nodes off screen are never measured, so a fit that waited for them never came.
  await expect(page.locator(".react-flow__viewport")).toHaveAttribute(
    "style",
    /translate\(48px, ?48px\) scale\(0\.7\)/,
  );

  // A node near the middle of the view.
  const target = await page.evaluate(() => {
    const pane = document.querySelector(".react-flow")!.getBoundingClientRect();
    const centre = { x: pane.x + pane.width / 2, y: pane.y + pane.height / 2 };
    const nodes = [...document.querySelectorAll<HTMLElement>(".react-flow__node")];
    const distance = (el: HTMLElement) => {
      const box = el.getBoundingClientRect();
      return Math.hypot(box.x + box.width / 2 - centre.x, box.y + box.height / 2 - centre.y);
    };
    return nodes.sort((a, b) => distance(a) - distance(b))[0].dataset.id!;
  });
  const minimapBefore = await minimapRects(page);
  expect(rectCount(minimapBefore)).toBe(1000);
  const drag = await measureDrag(page, target, 30);
  expect(drag.moved.x).toBeGreaterThan(20);
  expect(drag.otherNodeMutations).toBe(0);
  // The minimap redraws from pieces kept per node: the dragged node's rectangle moves, every node is still drawn.
  await expect.poll(() => minimapRects(page)).not.toBe(minimapBefore);
  expect(rectCount(await minimapRects(page))).toBe(1000);
  await page.screenshot({ path: "test-results/screenshots/editor-large.png" });
});
