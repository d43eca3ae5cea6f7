/**
 * `npm run bench:editor` (also the last part of `npm run bench`): the editor with a 1,000-node, 1,500-edge workflow and
 * a 5,000-node, 7,500-edge one in headless Chromium against the production build. Reports the time from navigation to
 * nodes drawn and to the first click answered (median of a few opens; a 10-node workflow too, for what every open
 * costs whatever its size) and the main thread's busy time until then (a steadier figure than the wall clock, for
 * telling whether a change cut the page's work); frame times while dragging a node, with how many DOM changes the drag
 * caused in other nodes (should be 0); and the longest main-thread task while the editor checks the 5,000-node graph
 * after an edit. Beside each open, its floor: React Flow alone with the same graph in the same browser (editor-floor/),
 * and the ratios.
 * Starts its own web app and worker on a port the system says is free (never a server someone else started), with
 * this slot's bench database and Redis db; BENCH_REUSE_BUILD=1 skips `next build` when a build exists. The browser
 * signs in as an editor made through the auth library; the figures are added to bench-results.json (editor_*).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { chromium, type Page } from "@playwright/test";
import { freePort } from "../../lib/testing/free-port";
import { testDatabaseUrl, testRedisUrl } from "../../lib/testing/test-slot";
import { fillAccountForm } from "../support/accounts";
import { chromiumLaunchOptions } from "../support/chromium-launch";
import { longestTaskAfterEdit, measureDrag, timeOpen, type OpenTiming } from "../support/editor-measure";
import { waitForHydration } from "../support/hydration";
import { largeWorkflowFile } from "../support/large-graph";
import { loadavg } from "node:os";
import { ms, withLoad, type BenchRow } from "./measure";
import { serveFloor } from "./editor-floor/serve-floor";

const OPENS = Number(process.env.BENCH_EDITOR_OPENS ?? 5);
const PORT = await freePort();
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? testDatabaseUrl("bench");

const stack = spawn("npx", ["tsx", "e2e/support/start-test-stack.ts"], {
  env: {
    ...process.env,
    E2E_PORT: String(PORT),
    E2E_DATABASE_URL: DATABASE_URL,
    E2E_REDIS_URL: process.env.BENCH_REDIS_URL ?? testRedisUrl("bench"),
    E2E_REUSE_BUILD: process.env.BENCH_REUSE_BUILD ?? "0",
  },
  stdio: ["ignore", "inherit", "inherit"],
  detached: true,
});
const stopStack = () => {
  if (stack.pid && stack.exitCode === null) process.kill(-stack.pid, "SIGTERM");
};
process.on("exit", stopStack);

const rows: BenchRow[] = [];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const figures: Record<string, number> = {};

try {
  await waitForHealth(300_000);
  const browser = await chromium.launch(chromiumLaunchOptions);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });

  // An editor made through the auth library (once the stack has prepared the database), signed in on the real page.
  process.env.DATABASE_URL = DATABASE_URL;
  const { createTestAccount } = await import("../../lib/testing/test-accounts");
  const editor = await createTestAccount("editor");
  await page.goto(`${BASE_URL}/sign-in`);
  await fillAccountForm(page, { email: editor.email, password: editor.password });
  await page.getByTestId("account-submit").click();
  await page.getByRole("heading", { name: "Workflows", exact: true }).waitFor();

  const floor = await serveFloor();
  const thousand = await benchOpen(page, 1000, 1500, OPENS);
  figures.editor_open_drawn_ms = thousand.drawnMs;
  figures.editor_open_interactive_ms = thousand.interactiveMs;
  figures.editor_open_main_thread_ms = thousand.mainThreadMs;
  figures.editor_open_script_kb = thousand.scriptKb;

  const nodeId = await page.evaluate(() => document.querySelector<HTMLElement>(".react-flow__node")!.dataset.id!);
  const drag = await measureDrag(page, nodeId, 120);
  figures.editor_drag_frame_p50_ms = ms(drag.p50Ms);
  figures.editor_drag_frame_p95_ms = ms(drag.p95Ms);
  figures.editor_drag_other_node_mutations = drag.otherNodeMutations;
  rows.push(withLoad({ scenario: `drag one node, frame time p50 (${drag.frames} frames)`, ms: ms(drag.p50Ms) }));
  rows.push(withLoad({ scenario: "drag one node, frame time p95", ms: ms(drag.p95Ms) }));
  rows.push(withLoad({ scenario: "drag one node, DOM changes in other nodes", ms: drag.otherNodeMutations }));
  // After the editor's drag; then the same drag on the floor (the same node ids, step-0 …).
  Object.assign(figures, await benchFloor(page, `${floor.url}?nodes=1000`, OPENS, thousand, "editor"));

  const floorDrag = await measureDrag(page, nodeId, 120);
  figures.editor_floor_drag_frame_p95_ms = ms(floorDrag.p95Ms);
  rows.push(withLoad({ scenario: "floor: React Flow alone, drag one node, frame time p95", ms: ms(floorDrag.p95Ms) }));

  const fiveThousandOpens = Math.max(1, Math.ceil(OPENS / 2));
  const fiveThousand = await benchOpen(page, 5000, 7500, fiveThousandOpens);
  figures.editor_5000_open_drawn_ms = fiveThousand.drawnMs;
  figures.editor_5000_open_interactive_ms = fiveThousand.interactiveMs;
  figures.editor_5000_open_main_thread_ms = fiveThousand.mainThreadMs;
  // An edit on the large graph (moving a node): the page's longest task while the editor checks the graph after it.
  await timeOpen(page, fiveThousand.url);
  await page.waitForTimeout(3000); // the opened graph's own check (when the page is idle, within 1 s) is done
  const editTask = ms(await longestTaskAfterEdit(page, nodeId));
  figures.editor_5000_edit_longest_task_ms = editTask;
  rows.push(
    withLoad({ scenario: "edit on 5,000 nodes (move one): longest main-thread task in the next 1.5 s", ms: editTask }),
  );
  Object.assign(
    figures,
    await benchFloor(page, `${floor.url}?nodes=5000`, fiveThousandOpens, fiveThousand, "editor_5000"),
  );
  // A small workflow: what every open costs whatever the graph's size (the page, its code, the first render), beside
  // the floor's.
  const ten = await benchOpen(page, 10, 15, OPENS);
  figures.editor_10_open_drawn_ms = ten.drawnMs;
  figures.editor_10_open_interactive_ms = ten.interactiveMs;
  figures.editor_10_open_main_thread_ms = ten.mainThreadMs;
  Object.assign(figures, await benchFloor(page, `${floor.url}?nodes=10`, OPENS, ten, "editor_10"));
  await floor.close();
  await browser.close();
} finally {
  stopStack();
}
console.table(rows);
const previous = existsSync("bench-results.json")
  ? (JSON.parse(readFileSync("bench-results.json", "utf8")) as Record<string, number>)
  : {};
writeFileSync(
  "bench-results.json",
  JSON.stringify({ ...previous, load_1m_editor: ms(loadavg()[0]), ...figures }, null, 2) + "\n",
);
console.log("Editor figures added to bench-results.json");
process.exit(0);

/** Imports a grid workflow of `nodes` nodes, opens it once to warm up, then `opens` times: the medians, as rows. */
async function benchOpen(page: Page, nodes: number, edges: number, opens: number) {
  const size = `${nodes.toLocaleString("en")} nodes / ${edges.toLocaleString("en")} edges`;
  await page.goto(BASE_URL);
  await waitForHydration(page);
  const file = largeWorkflowFile(`Bench: ${size} ${new Date().toISOString()}`, nodes, edges);
  await page
    .getByTestId("import-file")
    .setInputFiles({ name: "large.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) });
  await page.waitForURL(/\/workflows\/[^/]+$/, { timeout: 120_000 });
  const url = page.url();

  await timeOpen(page, url); // warm-up: server caches, compiled chunks
  const { drawnMs, interactiveMs, mainThreadMs, scriptKb } = await medianOpen(page, url, opens);
  rows.push(withLoad({ scenario: `open ${size} → drawn (median of ${opens})`, ms: drawnMs }));
  rows.push(withLoad({ scenario: `open ${size} → first click answered`, ms: interactiveMs }));
  rows.push(withLoad({ scenario: `open ${size} → main thread busy until then`, ms: mainThreadMs }));
  rows.push(withLoad({ scenario: `open ${size} → JavaScript loaded by then (KB, not ms)`, ms: scriptKb }));
  return { drawnMs, interactiveMs, mainThreadMs, scriptKb, url };
}

/** `opens` opens of `url`: the median of each figure. */
async function medianOpen(page: Page, url: string, opens: number) {
  const timings: OpenTiming[] = [];
  for (let i = 0; i < opens; i += 1) timings.push(await timeOpen(page, url));
  const of = (figure: (open: OpenTiming) => number) => ms(median(timings.map(figure)));
  return {
    drawnMs: of((o) => o.drawnMs),
    interactiveMs: of((o) => o.interactiveMs),
    mainThreadMs: of((o) => o.mainThreadMs),
    scriptKb: of((o) => o.scriptKb),
  };
}

/**
 * The floor of an open: React Flow alone with the same graph (editor-floor/), opened and clicked as the editor was.
 * Its figures, and the editor's first click and main-thread time as multiples of the floor's.
 */
async function benchFloor(
  page: Page,
  url: string,
  opens: number,
  editor: { interactiveMs: number; mainThreadMs: number },
  key: string,
) {
  await timeOpen(page, url); // warm-up, as for the editor
  const { drawnMs, interactiveMs, mainThreadMs } = await medianOpen(page, url, opens);
  const nodes = new URL(url).searchParams.get("nodes");
  const floorRow = (what: string, value: number) =>
    rows.push(withLoad({ scenario: `floor: React Flow alone, same ${nodes} nodes → ${what}`, ms: value }));
  floorRow("drawn", drawnMs);
  floorRow("first click answered", interactiveMs);
  floorRow("main thread busy until then", mainThreadMs);
  const ratio = (value: number, floorValue: number) => Math.round((value / floorValue) * 100) / 100;
  return {
    [`${key}_floor_open_drawn_ms`]: drawnMs,
    [`${key}_floor_open_interactive_ms`]: interactiveMs,
    [`${key}_open_interactive_x_floor`]: ratio(editor.interactiveMs, interactiveMs),
    [`${key}_floor_open_main_thread_ms`]: mainThreadMs,
    [`${key}_open_main_thread_x_floor`]: ratio(editor.mainThreadMs, mainThreadMs),
  };
}

async function waitForHealth(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stack.exitCode !== null) throw new Error(`the test stack exited (code ${stack.exitCode})`);
    try {
      if ((await fetch(`${BASE_URL}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the web app did not answer on ${BASE_URL} within ${timeoutMs / 1000} s`);
}
