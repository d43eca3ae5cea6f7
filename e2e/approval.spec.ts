/**
 * Human approval end to end: a person marks a tool as "requires approval" in the inspector, runs
 * the workflow, and in the run view approves the agent's first call (after editing its
 * arguments, and after a reload) and denies the second. The tool server sees only the approved
 * call; the agent gets the denial as an error and still answers. And a call outside the
 * agent's allowed tools is listed under Blocked attempts.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test } from "./support/test";
import { createSessionToken } from "../lib/gateway/session-token";
import { ApprovalsPanel } from "./pages/approvals-panel";
import { EditorPage } from "./pages/editor-page";
import { RunPage } from "./pages/run-page";
import { exampleWorkflowGraph } from "../lib/workflow-store/example";

let server: Server;
let baseUrl: string;
const hits: string[] = [];

test.beforeEach(async () => {
  hits.length = 0;
  server = createServer((request, response) => {
    hits.push(request.url ?? "");
    response.writeHead(200, { "content-type": "text/plain" }).end(`fetched ${request.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test("a person approves one call (with edited arguments) and denies another", async ({ page, request }) => {
  const graph = exampleWorkflowGraph();
  graph.nodes.find((node) => node.id === "agent")!.data.params.script = {
    toolCalls: [
      { tool: "http_request", args: { url: `${baseUrl}/first` } },
      { tool: "http_request", args: { url: `${baseUrl}/second` } },
    ],
    finalText: "First: {{results.0}} | Second: {{results.1}}",
  };
  const created = await request.post("/api/workflows", { data: { publish: true, ...graph, name: "Approval e2e" } });
  expect(created.status()).toBe(201);

  // The person marks the HTTP tool as requiring approval in the inspector.
  const editor = new EditorPage(page);
  await editor.openFromList("Approval e2e");
  await editor.select(editor.node("HTTP Request"));
  await editor.inspector.getByTestId("requires-approval-toggle").check();
  await editor.inspector.getByTestId("approval-timeout").fill("90");
  await editor.save();
  await editor.run();

  const run = new RunPage(page);
  const approvals = new ApprovalsPanel(page);
  await expect(approvals.pending).toHaveCount(1);
  const first = approvals.requests.nth(0);
  await expect(first.getByTestId("approval-tool-name")).toHaveText("http_request");
  await expect(first.getByTestId("approval-args")).toContainText(`${baseUrl}/first`);
  await expect(first).toContainText("denied automatically after 90 s");
  expect(hits).toEqual([]);

  // Still waiting after a reload: the request is rebuilt from the run's events.
  await page.reload();
  await expect(approvals.pending).toHaveCount(1);
  await approvals.approveWithArgs(approvals.requests.nth(0), { url: `${baseUrl}/first-edited` });

  await expect(approvals.requests).toHaveCount(2);
  const second = approvals.requests.nth(1);
  await expect(second.getByTestId("approval-args")).toContainText(`${baseUrl}/second`);
  await approvals.deny(second);

  await run.expectCompleted();
  await expect(run.finalAnswer).toContainText('First: {"status":200,"body":"fetched /first-edited"}');
  await expect(run.finalAnswer).toContainText("Second: Denied: a person denied the call to http_request");
  expect(hits).toEqual(["/first-edited"]);
  await expect(approvals.requests.nth(0).getByTestId("approval-outcome")).toHaveText("Approved");
  await expect(approvals.requests.nth(0).getByTestId("approval-args")).toContainText("/first-edited");
  await expect(approvals.requests.nth(1).getByTestId("approval-outcome")).toHaveText("Denied");
  await expect(run.toolCall("http_request").filter({ hasText: "Denied: a person denied" })).toHaveCount(1);
  // The call card shows what the call went ahead with, and what the agent had asked for.
  const approvedCall = run.toolCall("http_request").filter({ hasText: "fetched /first-edited" });
  await expect(approvedCall.getByTestId("tool-call-args")).toContainText("/first-edited");
  await expect(approvedCall).toContainText("edited on approval");
  await expect(approvedCall.getByTestId("tool-call-requested-args")).toContainText(`${baseUrl}/first"`);
  await approvedCall.screenshot({ path: "test-results/screenshots/approval-edited-call.png" });
});

test("a call outside the agent's allowed tools shows up under Blocked attempts", async ({ page, request, baseURL }) => {
  const graph = exampleWorkflowGraph();
  graph.nodes.find((node) => node.id === "agent")!.data.params.script = {
    toolCalls: [{ tool: "http_request", args: { url: `${baseUrl}/held` } }],
  };
  graph.nodes.find((node) => node.id === "http")!.data.toolConfig = { requiresApproval: true };
  const created = await request.post("/api/workflows", { data: { publish: true, ...graph, name: "Blocked e2e" } });
  const { id } = (await created.json()) as { id: string };
  const { runId } = (await (await request.post(`/api/workflows/${id}/runs`, { data: {} })).json()) as { runId: string };
  await page.goto(`/runs/${runId}`);
  const approvals = new ApprovalsPanel(page);
  await expect(approvals.pending).toHaveCount(1); // the run is held mid-flight

  // The same agent with an allow-list that leaves the HTTP tool out (as its token claims would say).
  const token = await createSessionToken({
    runId,
    agentNodeId: "agent",
    allowedNodeIds: ["http"],
    allowedTools: ["fs_read"],
  });
  const client = new Client({ name: "e2e-agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseURL}/api/mcp/gateway`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  const result = await client.callTool({ name: "http_request", arguments: { url: `${baseUrl}/sneaky` } });
  await client.close();
  expect(result.isError).toBe(true);

  const blocked = page.getByTestId("blocked-attempt");
  await expect(blocked).toHaveCount(1);
  await expect(blocked.getByTestId("blocked-tool-name")).toHaveText("http_request");
  await expect(blocked.getByTestId("blocked-reason")).toHaveText(
    'Tool "http_request" is not in this agent\'s allowed tools (allowed: none)',
  );
  await expect(blocked).toContainText(`${baseUrl}/sneaky`);

  await approvals.deny(approvals.requests.nth(0));
  await new RunPage(page).expectCompleted();
  expect(hits).toEqual([]);
});
