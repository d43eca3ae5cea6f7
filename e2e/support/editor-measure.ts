/**
 * Measuring the editor in a real browser, shared by the large-graph e2e test (which checks
 * behaviour, not time) and the editor bench (which reports the numbers): how long a workflow
 * takes to open, and what dragging a node costs in frame time and in DOM changes to other nodes.
 */
import type { Page } from "@playwright/test";

/**
 * `mainThreadMs`: how long the page's main thread was busy (Chromium's TaskDuration) from navigation to the first click
 * answered. The wall clock of an open varies by ±15 % between runs on a shared machine; this varies by a few percent,
 * so it tells whether a change cut the page's own work. `scriptKb`: the JavaScript the page had loaded by then
 * (decoded), a figure no machine's load moves.
 */
export type OpenTiming = { drawnMs: number; interactiveMs: number; mainThreadMs: number; scriptKb: number };
export type DragCost = {
  frames: number;
  p50Ms: number;
  p95Ms: number;
  otherNodeMutations: number;
  moved: { x: number; y: number };
};

/**
 * Opens `url` and answers, from navigation start: when nodes are drawn, when a click on one selects it, and the main
 * thread's busy time until then.
 */
export async function timeOpen(page: Page, url: string): Promise<OpenTiming> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Performance.enable");
  await page.goto(url, { waitUntil: "commit" });
  const first = page.locator(".react-flow__node").first();
  await first.waitFor({ state: "visible", timeout: 30_000 });
  const drawnMs = await page.evaluate(() => performance.now());
  await first.locator(".node-header").click();
  await page.locator(".react-flow__node.selected").first().waitFor({ timeout: 30_000 });
  const { interactiveMs, scriptKb } = await page.evaluate(() => ({
    interactiveMs: performance.now(),
    scriptKb:
      performance
        .getEntriesByType("resource")
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "script")
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).decodedBodySize, 0) / 1024,
  }));
  const { metrics } = await devtools.send("Performance.getMetrics");
  await devtools.detach();
  const mainThreadMs = (metrics.find((metric) => metric.name === "TaskDuration")?.value ?? Number.NaN) * 1000;
  await page.keyboard.press("Escape");
  return { drawnMs, interactiveMs, mainThreadMs, scriptKb: Math.round(scriptKb) };
}

/** Drags the node with id `nodeId` in small steps, one per frame, watching frame times and every other node's DOM. */
export async function measureDrag(page: Page, nodeId: string, steps = 60): Promise<DragCost> {
  const node = page.locator(`.react-flow__node[data-id="${nodeId}"]`);
  const header = await node.locator(".node-header").boundingBox();
  if (!header) throw new Error(`node ${nodeId} is not on screen`);
  const before = await node.evaluate((el) => (el as HTMLElement).style.transform);

  // Under tsx (the bench) esbuild names inner functions with a `__name` helper the page lacks.
  await page.evaluate("globalThis.__name ??= (fn) => fn");
  await page.evaluate((id) => {
    const probe = window as unknown as {
      __drag: { frames: number[]; mutations: number; running: boolean; observer?: MutationObserver };
    };
    const dragged = document.querySelector(`.react-flow__node[data-id="${id}"]`);
    probe.__drag = { frames: [], mutations: 0, running: true };
    let last = performance.now();
    const tick = (time: number) => {
      probe.__drag.frames.push(time - last);
      last = time;
      if (probe.__drag.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        const owner = target?.closest(".react-flow__node");
        if (owner && owner !== dragged) probe.__drag.mutations += 1;
      }
    });
    observer.observe(document.querySelector(".react-flow__nodes")!, {
      subtree: true,
      attributes: true,
      childList: true,
      characterData: true,
    });
    probe.__drag.observer = observer;
  }, nodeId);

  const start = { x: header.x + header.width / 2, y: header.y + header.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i += 1) {
    await page.mouse.move(start.x + i * 2, start.y + i);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  await page.mouse.up();

  const { frames, mutations } = await page.evaluate(() => {
    const probe = window as unknown as {
      __drag: { frames: number[]; mutations: number; running: boolean; observer?: MutationObserver };
    };
    probe.__drag.running = false;
    probe.__drag.observer?.disconnect();
    return { frames: probe.__drag.frames.slice(1), mutations: probe.__drag.mutations };
  });
  const after = await node.evaluate((el) => (el as HTMLElement).style.transform);
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    frames: frames.length,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    otherNodeMutations: mutations,
    moved: translateDelta(before, after),
  };
}

function translateDelta(before: string, after: string): { x: number; y: number } {
  const parse = (transform: string) => {
    const match = /translate\((-?[\d.]+)px, ?(-?[\d.]+)px\)/.exec(transform);
    return match ? { x: Number(match[1]), y: Number(match[2]) } : { x: 0, y: 0 };
  };
  const [a, b] = [parse(before), parse(after)];
  return { x: b.x - a.x, y: b.y - a.y };
}

/**
 * Moves the node with id `nodeId` a little (an edit, which the editor then checks) and answers the longest task the
 * page's main thread ran in the `settleMs` after the mouse was let go (long tasks are those of 50 ms or more; 0: none).
 */
export async function longestTaskAfterEdit(page: Page, nodeId: string, settleMs = 1500): Promise<number> {
  const header = await page.locator(`.react-flow__node[data-id="${nodeId}"] .node-header`).boundingBox();
  if (!header) throw new Error(`node ${nodeId} is not on screen`);
  const start = { x: header.x + header.width / 2, y: header.y + header.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let i = 1; i <= 5; i += 1) await page.mouse.move(start.x + i * 4, start.y + i * 2);
  await page.evaluate(() => {
    const probe = window as unknown as { __longest: number; __since: number };
    probe.__longest = 0;
    probe.__since = performance.now();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.startTime >= probe.__since) probe.__longest = Math.max(probe.__longest, entry.duration);
    }).observe({ type: "longtask" });
  });
  await page.mouse.up();
  await page.waitForTimeout(settleMs);
  return page.evaluate(() => (window as unknown as { __longest: number }).__longest);
}
