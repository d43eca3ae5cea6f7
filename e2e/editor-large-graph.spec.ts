/**
 * A 1,000-node, 1,500-edge workflow: it imports, opens, answers clicks, and dragging one node
 * changes no other node's DOM. Time is measured by `npm run bench:editor`, not asserted here.
 */
import { expect, test } from "./support/test";
import { largeWorkflowFile } from "./support/large-graph";
import { measureDrag, timeOpen } from "./support/editor-measure";
import { WorkflowListPage } from "./pages/workflow-list-page";

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
  const drag = await measureDrag(page, target, 30);
  expect(drag.moved.x).toBeGreaterThan(20);
  expect(drag.otherNodeMutations).toBe(0);
  await page.screenshot({ path: "test-results/screenshots/editor-large.png" });
});
