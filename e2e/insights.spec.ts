/**
 * Insights as a person reads it: runs of a workflow with known statuses, durations, tokens, costs, a failed node and
 * tool calls (stored in the database, the one thing a browser cannot arrange: runs of days ago with set durations),
 * then /insights shows exactly those numbers — in the headline, on the chart's bars and in the tables — with the test
 * run left out, under the page's Content-Security-Policy; a figure opens the runs behind it.
 */
import { getPool } from "../lib/db/sql";
import { seedInsightRuns, type SeededRun } from "../lib/testing/insight-runs";
import { testDatabaseUrl } from "../lib/testing/test-slot";
import { waitForHydration } from "./support/hydration";
import { expect, test } from "./support/test";

const DAY_MS = 24 * 60 * 60 * 1000;
const graph = {
  name: "Insights e2e",
  nodes: [
    { id: "entry", type: "core.entry", position: { x: 0, y: 0 }, data: { label: "Entry", mode: "normal", params: {} } },
    {
      id: "fetch",
      type: "core.llm",
      position: { x: 300, y: 0 },
      data: {
        label: "Fetch page",
        mode: "normal",
        params: { provider: "scripted", prompt: "{{input}}", script: { toolCalls: [], finalText: "fetched" } },
      },
    },
  ],
  edges: [{ id: "e1", source: "entry", sourceHandle: "output", target: "fetch", targetHandle: "input" }],
};

/** An hour of a day `daysAgo` days before today (UTC): inside "Last 7 days". */
const hourOf = (daysAgo: number, hour: number) =>
  new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - daysAgo * DAY_MS + hour * 3_600_000).toISOString();

// Durations 1, 2, 3 and 5 s: p50 2.5 s, p95 3 + 0.85 × 2 = 4.7 s. Tokens 6,000; cost $0.35; 1 failed of 4.
const runs: SeededRun[] = [
  {
    status: "completed",
    createdAt: hourOf(3, 1),
    durationMs: 1000,
    costUsd: 0.1,
    tokens: [1000],
    toolCalls: [{ toolName: "search_web", outcome: "completed", durationMs: 800 }],
  },
  { status: "completed", createdAt: hourOf(3, 2), durationMs: 2000, costUsd: 0.1, tokens: [2000] },
  { status: "completed", createdAt: hourOf(3, 3), durationMs: 3000, costUsd: 0.1, tokens: [3000] },
  {
    status: "failed",
    createdAt: hourOf(2, 1),
    durationMs: 5000,
    costUsd: 0.05,
    failedNodes: ["fetch"],
    toolCalls: [
      { toolName: "scrape_page", outcome: "error", durationMs: 1200 },
      { toolName: "search_web", outcome: "completed", durationMs: 400 },
    ],
  },
  // A test run from the editor: in the runs list, never in Insights.
  { status: "failed", createdAt: hourOf(2, 2), durationMs: 60_000, costUsd: 5, failedNodes: ["fetch"], kind: "test" },
];

test("shows the seeded runs' numbers in its figures, charts and tables, and opens the runs behind them", async ({
  page,
  request,
}) => {
  const created = await request.post("/api/workflows", { data: { publish: true, ...graph } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  process.env.DATABASE_URL = testDatabaseUrl("e2e");
  const runIds = await seedInsightRuns({ id, name: graph.name, graph }, runs);
  await getPool().end();

  const violations: string[] = [];
  page.on("console", (message) => {
    if (/content security policy|refused to (execute|load|apply)/i.test(message.text()))
      violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(error.message));

  await page.goto("/");
  await page.getByTestId("nav-insights").click();
  await expect(page.getByRole("heading", { name: "Insights" })).toBeVisible();
  await page.getByTestId("insights-filter-workflow").selectOption(id);
  await page.waitForURL(/workflowId=/);
  await waitForHydration(page);
  const figure = (name: string) => page.getByTestId(`figure-${name}`).getByTestId("figure-value");
  await expect(figure("runs")).toHaveText("4");
  await expect(figure("failure-rate")).toHaveText("25%");
  await expect(page.getByTestId("figure-failure-rate")).toContainText("1 of 4 finished runs failed");
  await expect(figure("p50")).toHaveText("2.5 s");
  await expect(figure("p95")).toHaveText("4.7 s");
  await expect(figure("tokens")).toHaveText("6,000");
  await expect(figure("cost")).toHaveText("$0.35");

  // The stacked bars carry each day's total: 3 runs three days ago, 1 two days ago.
  const runsChart = page.getByTestId("chart-runs");
  await expect(runsChart.locator(".recharts-label-list text").filter({ hasText: /\d/ })).toHaveText(["3", "1"]);
  await expect(runsChart.locator(".recharts-legend-item-text")).toHaveText(["completed", "failed", "failure rate"]);
  await expect(page.getByTestId("chart-cost").locator(".recharts-legend-item-text")).toHaveText(["Insights e2e"]);

  const node = page.getByTestId("failing-node");
  await expect(node).toHaveCount(1);
  await expect(node).toContainText("Fetch page");
  await expect(node.locator("td").nth(3)).toHaveText("1");
  await expect(page.getByTestId("failing-tool")).toHaveText([/scrape_page\s*1\s*1 · 100%\s*1/]);
  await expect(page.getByTestId("slowest-tool")).toHaveText([
    /scrape_page\s*1\.2 s\s*1\.2 s\s*1\.2 s\s*1/,
    /search_web\s*600 ms\s*780 ms\s*800 ms\s*2/,
  ]);
  await page.screenshot({ path: "test-results/insights.png", fullPage: true });
  expect(violations).toEqual([]);

  // The failure rate opens the failed production run, and nothing else.
  await page.getByTestId("figure-failure-rate").click();
  await page.waitForURL(/\/runs\?/);
  await expect(page.getByTestId("filter-narrowing")).toHaveText("production runs only");
  await expect(page.getByTestId("run-row")).toHaveCount(1);
  await expect(page.getByTestId("run-row")).toHaveAttribute("data-run-id", runIds[3]);
  await page.screenshot({ path: "test-results/insights-runs-behind.png" });

  // A bar opens that day's runs of that status.
  await page.goBack();
  await waitForHydration(page);
  await runsChart.locator("path.recharts-rectangle:not(.recharts-tooltip-cursor)").first().click();
  await page.waitForURL(/status=completed/);
  await expect(page.getByTestId("run-row")).toHaveCount(3);
});

test("says so when a window has no runs", async ({ page }) => {
  await page.goto("/insights?from=2020-01-01&to=2020-01-07");
  await expect(page.getByTestId("insights-empty")).toContainText("No runs in this window");
  await page.goto("/insights?range=1y");
  await expect(page.getByTestId("insights-notice")).toContainText("range:");
});
