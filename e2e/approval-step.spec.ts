/**
 * The Approval step end to end: a run reaches an Approval step and is suspended (status "waiting",
 * no worker holds it); a worker process dies meanwhile; a person opens the run view, edits the
 * value and presses Approve; the run wakes on a worker and the approved branch gets the edited
 * value. A second run is decided through its one-time link, with no session at all, and the link
 * refuses a second use.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./support/test";
import { RunPage } from "./pages/run-page";
import { startWorkerProcess } from "../lib/testing/worker-process";
import { testDatabaseUrl, testRedisUrl } from "../lib/testing/test-slot";

let server: Server;
let baseUrl: string;
const received: { url: string; body: string }[] = [];

test.beforeEach(async () => {
  received.length = 0;
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ url: request.url ?? "", body });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function approvalGraph(name: string) {
  const node = (id: string, type: string, label: string, params: Record<string, unknown> = {}, y = 0) => ({
    id,
    type,
    position: { x: 0, y },
    data: { label, mode: "normal", params },
  });
  return {
    name,
    nodes: [
      node("entry", "core.entry", "Entry"),
      node(
        "approve",
        "core.approval",
        "Ship it?",
        { message: "Ship this order?", notifyUrl: `${baseUrl}/notify` },
        150,
      ),
      node("ship", "core.output", "Shipped", {}, 300),
      node("keep", "core.output", "Kept", {}, 450),
    ],
    edges: [
      { id: "e1", source: "entry", sourceHandle: "output", target: "approve", targetHandle: "input" },
      { id: "e2", source: "approve", sourceHandle: "approved", target: "ship", targetHandle: "value" },
      { id: "e3", source: "approve", sourceHandle: "rejected", target: "keep", targetHandle: "value" },
    ],
  };
}

test("a suspended approval survives a worker's death and is approved with an edited value in the run view", async ({
  page,
  request,
}) => {
  const extra = startWorkerProcess(
    { DATABASE_URL: testDatabaseUrl("e2e"), REDIS_URL: testRedisUrl("e2e") },
    "extra-worker",
  );
  await extra.ready;
  const created = await request.post("/api/workflows", {
    data: { publish: true, ...approvalGraph("Approval step e2e") },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const started = await request.post(`/api/workflows/${id}/runs`, { data: { input: { order: 7 } } });
  const { runId } = (await started.json()) as { runId: string };

  const run = new RunPage(page);
  await page.goto(`/runs/${runId}`);
  await expect(run.status).toHaveText("waiting", { timeout: 60_000 });
  await extra.kill("SIGKILL"); // a worker dies while the run waits: nothing of the run was in it
  await page.reload();
  const card = page.getByTestId("wait-card");
  await expect(card).toHaveAttribute("data-kind", "approval");
  await expect(card.getByTestId("step-question")).toHaveText("Ship this order?");
  await expect(card.getByTestId("step-value")).toContainText("7");
  await expect(card.getByTestId("wait-page-url")).toContainText("/resume/");
  await page.screenshot({ path: "test-results/approval-step-waiting.png", fullPage: true });

  await card.getByTestId("edit-step-value").click();
  await card.getByTestId("step-value-editor").fill('{ "order": 8 }');
  await card.getByTestId("approve-step").click();
  await run.expectCompleted();
  // The approved branch ran, with the edited value as the run's output.
  expect(((await (await request.get(`/api/runs/${runId}`)).json()) as { output: unknown }).output).toEqual({
    order: 8,
  });
});

test("the one-time link decides without a session, once", async ({ browser, request }) => {
  const created = await request.post("/api/workflows", {
    data: { publish: true, ...approvalGraph("Approval link e2e") },
  });
  const { id } = (await created.json()) as { id: string };
  await request.post(`/api/workflows/${id}/runs`, { data: { input: { order: 9 } } });
  await expect.poll(() => received.find((item) => item.url === "/notify"), { timeout: 60_000 }).toBeTruthy();
  const { approvalUrl } = JSON.parse(received.find((item) => item.url === "/notify")!.body) as { approvalUrl: string };
  const link = new URL(approvalUrl).pathname;

  const anonymous = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await anonymous.newPage();
  await page.goto(link);
  await expect(page.getByTestId("link-value")).toContainText('"order": 9');
  await page.screenshot({ path: "test-results/approval-step-link.png" });
  await page.getByTestId("link-reject").click();
  await expect(page.getByTestId("link-answer")).toHaveText("Rejected. The run goes on.");
  await page.goto(link);
  await expect(page.getByText("This link does not work")).toBeVisible();
  await anonymous.close();
});
