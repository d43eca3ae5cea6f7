/**
 * `npm run bench:editor` (also the last part of `npm run bench`): the editor with a 1,000-node,
 * 1,500-edge workflow in headless Chromium against the production build. Reports the time from
 * navigation to nodes drawn and to the first click answered (median of a few opens), and frame
 * times while dragging a node, with how many DOM changes the drag caused in other nodes (should be 0).
 * Starts its own web app and worker on this slot's e2e port, with the bench database and Redis db;
 * BENCH_REUSE_BUILD=1 skips `next build` when a build exists. The browser signs in as an editor made
 * through the auth library; the figures are added to bench-results.json (editor_*).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { E2E_PORT, testDatabaseUrl, testRedisUrl } from "../../lib/testing/test-slot";
import { fillAccountForm } from "../support/accounts";
import { chromiumLaunchOptions } from "../support/chromium-launch";
import { measureDrag, timeOpen } from "../support/editor-measure";
import { largeWorkflowFile } from "../support/large-graph";
import { loadavg } from "node:os";
import { ms, withLoad, type BenchRow } from "./measure";

const OPENS = Number(process.env.BENCH_EDITOR_OPENS ?? 5);
const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? testDatabaseUrl("bench");

const stack = spawn("npx", ["tsx", "e2e/support/start-test-stack.ts"], {
  env: {
    ...process.env,
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
  await page.getByRole("heading", { name: "Workflows" }).waitFor();

  const file = largeWorkflowFile(`Bench: 1,000 nodes ${new Date().toISOString()}`);
  await page
    .getByTestId("import-file")
    .setInputFiles({ name: "large.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) });
  await page.waitForURL(/\/workflows\/[^/]+$/, { timeout: 120_000 });
  const url = page.url();

  await timeOpen(page, url); // warm-up: server caches, compiled chunks
  const opens = [];
  for (let i = 0; i < OPENS; i += 1) opens.push(await timeOpen(page, url));
  rows.push({
    scenario: `open 1,000 nodes / 1,500 edges → drawn (median of ${OPENS})`,
    ms: ms(median(opens.map((o) => o.drawnMs))),
  });
  rows.push({
    scenario: `open 1,000 nodes / 1,500 edges → first click answered`,
    ms: ms(median(opens.map((o) => o.interactiveMs))),
  });

  const nodeId = await page.evaluate(() => document.querySelector<HTMLElement>(".react-flow__node")!.dataset.id!);
  const drag = await measureDrag(page, nodeId, 120);
  rows.push({ scenario: `drag one node, frame time p50 (${drag.frames} frames)`, ms: ms(drag.p50Ms) });
  rows.push({ scenario: "drag one node, frame time p95", ms: ms(drag.p95Ms) });
  rows.push({ scenario: "drag one node, DOM changes in other nodes", ms: drag.otherNodeMutations });
  await browser.close();
} finally {
  stopStack();
}
console.table(rows.map(withLoad));
const [drawn, interactive, frameP50, frameP95, mutations] = rows.map((row) => Number(row.ms));
const figures = {
  load_1m_editor: ms(loadavg()[0]),
  editor_open_drawn_ms: drawn,
  editor_open_interactive_ms: interactive,
  editor_drag_frame_p50_ms: frameP50,
  editor_drag_frame_p95_ms: frameP95,
  editor_drag_other_node_mutations: mutations,
};
const previous = existsSync("bench-results.json")
  ? (JSON.parse(readFileSync("bench-results.json", "utf8")) as Record<string, number>)
  : {};
writeFileSync("bench-results.json", JSON.stringify({ ...previous, ...figures }, null, 2) + "\n");
console.log("Editor figures added to bench-results.json");
process.exit(0);

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
