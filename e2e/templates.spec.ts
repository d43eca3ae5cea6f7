/** Starting from the template gallery: a template opens as a new workflow that runs as it comes. */
import { readFile, rm } from "node:fs/promises";
import { expect, test } from "./support/test";
import { ApprovalsPanel } from "./pages/approvals-panel";
import { RunPage } from "./pages/run-page";

const statusOf = (page: import("@playwright/test").Page, label: string) =>
  page
    .locator(".react-flow__node", { has: page.locator(".node-title").getByText(label, { exact: true }) })
    .locator(".node-status");

test("the triage template opens as a new workflow and takes its alert branch", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("template-gallery").screenshot({ path: "test-results/template-gallery.png" });
  await page.getByTestId("template-triage").click();
  await page.waitForURL(/\/workflows\/[^/]+$/);
  await expect(page.getByTestId("workflow-name")).toHaveValue("Triage with If and Switch");
  await page.getByTestId("run-workflow").click();
  await page.waitForURL(/\/runs\/[^/]+$/);
  await new RunPage(page).expectCompleted();
  await expect(statusOf(page, "Notify on-call")).toHaveText("Done");
  await expect(statusOf(page, "Topic")).toHaveText("Skipped");
});

test("the workflow-as-a-tool template runs another workflow per item", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("template-workflow-as-tool").click();
  await page.waitForURL(/\/workflows\/[^/]+$/);
  await page.getByTestId("run-workflow").click();
  // Its Entry has input fields: Run asks for them, with the defaults filled in.
  await expect(page.getByTestId("run-input-form")).toBeVisible();
  await page.getByTestId("run-input-submit").click();
  await page.waitForURL(/\/runs\/[^/]+$/);
  await new RunPage(page).expectCompleted();
  await expect(page.getByTestId("final-answer")).toContainText("tea is on the list");
  await expect(page.getByTestId("child-run-link")).toHaveCount(3);
  // Each Loop call's card names its item, not "step 1" three times.
  const origins = page.locator(".tool-call-origin");
  await expect(origins).toHaveCount(3);
  for (const n of [1, 2, 3]) await expect(origins.filter({ hasText: `For each item, item ${n}` })).toHaveCount(1);
  await page.screenshot({ path: "test-results/screenshots/template-loop-items.png" });
});

/** Opens a template from the gallery as a new workflow and presses Run; on the run's page. */
async function runTemplate(page: import("@playwright/test").Page, id: string) {
  await page.goto("/");
  await page.getByTestId(`template-${id}`).click();
  await page.waitForURL(/\/workflows\/[^/]+$/);
  await expect(page.getByTestId("compile-errors")).toHaveCount(0);
  await page.getByTestId("run-workflow").click();
  await page.waitForURL(/\/runs\/[^/]+$/);
  return new RunPage(page);
}

test("the research agent template runs as shipped: both tools answer", async ({ page }) => {
  const run = await runTemplate(page, "research-agent");
  await run.expectCompleted();
  await expect(run.toolCall("http_request").getByTestId("tool-call-result")).toContainText('"status"');
  // The scripted call's {{input}} is the question, not a literal placeholder.
  await expect(run.toolCall("web__echo").getByTestId("tool-call-args")).toContainText(
    "notes: What does the Switchboard health check say?",
  );
  await expect(page.getByTestId("failed-tool-calls")).toHaveCount(0);
  await expect(statusOf(page, "Researcher")).toHaveText("Done");
});

test("the file assistant template runs as shipped: the approved write lands in its folder", async ({ page }) => {
  const target = "/tmp/switchboard-files/notes/today.txt";
  await rm(target, { force: true });
  const run = await runTemplate(page, "file-assistant");
  const approvals = new ApprovalsPanel(page);
  await expect(approvals.pending).toHaveCount(1);
  await approvals.pending.first().getByTestId("approve-call").click();
  await run.expectCompleted();
  const write = run.toolCall("fs_write");
  await expect(write.getByTestId("tool-call-args")).toContainText("Note: Write a short note into notes/today.txt");
  await expect(write.getByTestId("tool-call-result")).not.toContainText("does not exist");
  await expect(page.getByTestId("failed-tool-calls")).toHaveCount(0);
  await expect(statusOf(page, "Assistant")).toHaveText("Done");
  // Started with Run and no input: the Entry's default input was used, and the run says so.
  await expect(page.getByTestId("run-input-default")).toBeVisible();
  await expect(page.getByTestId("run-input-value")).toHaveText("Write a short note into notes/today.txt");
  expect(await readFile(target, "utf8")).toBe("Note: Write a short note into notes/today.txt");
  await page.screenshot({ path: "test-results/screenshots/template-file-assistant.png" });
});

test("the MCP group explorer template runs as shipped: the echo server answers", async ({ page }) => {
  const run = await runTemplate(page, "mcp-explorer");
  await run.expectCompleted();
  await expect(run.finalAnswer).toContainText("The echo server said:");
  await expect(run.finalAnswer).toContainText("Say hello through the echo server");
  await expect(page.getByTestId("failed-tool-calls")).toHaveCount(0);
});

test("a failed tool call inside an agent shows on the run: the node is marked and the calls are counted", async ({
  page,
  request,
}) => {
  // The file assistant as it shipped before: a root folder that does not exist, so the write fails.
  const created = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "Failing file tool",
      nodes: [
        {
          id: "entry",
          type: "core.entry",
          position: { x: 0, y: 120 },
          data: { label: "Request", mode: "normal", params: {} },
        },
        {
          id: "agent",
          type: "core.agent",
          position: { x: 340, y: 80 },
          data: {
            label: "Assistant",
            mode: "normal",
            params: {
              provider: "scripted",
              script: {
                toolCalls: [{ tool: "fs_read", args: { path: "notes.txt" } }],
                finalText: "Done: {{results.0}}",
              },
            },
          },
        },
        {
          id: "read",
          type: "core.fs.read",
          position: { x: 0, y: 380 },
          data: { label: "Read File", mode: "tool", params: { roots: "/tmp/switchboard-no-such-folder" } },
        },
      ],
      edges: [
        { id: "e1", source: "entry", sourceHandle: "output", target: "agent", targetHandle: "input" },
        { id: "e2", source: "read", sourceHandle: "tool", target: "agent", targetHandle: "tools" },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const started = await request.post(`/api/workflows/${id}/runs`, { data: {} });
  const { runId } = (await started.json()) as { runId: string };
  await page.goto(`/runs/${runId}`);
  const run = new RunPage(page);
  await run.expectCompleted();
  await expect(page.getByTestId("failed-tool-calls")).toHaveText("1 tool call failed");
  await expect(statusOf(page, "Assistant")).toHaveText("Tool errors");
  await expect(statusOf(page, "Read File")).toHaveText("Tool errors");
  await page.screenshot({ path: "test-results/screenshots/run-tool-errors.png" });
});
