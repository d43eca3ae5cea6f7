/**
 * A secret sent to a real MCP server that echoes it back (as is, base64, hex, URL-encoded) never
 * reaches a viewer: not through the run's events (the SSE stream), the run, the run lists, the
 * chat conversation or the audit trail. The run is a chat message to a workflow whose agent (a
 * scripted model) calls the echoing tool and repeats its answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { apiClient, type ApiClient } from "../testing/api-client";
import { echoSpellings, startEchoMcpPeer, type EchoMcpPeer } from "../testing/echo-mcp-peer";
import { graphEdge, graphNode } from "../testing/fixtures";
import { shareWorkflow } from "../testing/share-workflow";
import { createTestAccount } from "../testing/test-accounts";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitForRun } from "../testing/wait-for-run";
import type { WorkflowGraph } from "../workflow/graph";
import { secretRef } from "./secret-ref";
import { putSecret } from "./secret-store";

const SECRET = "sk-echo-9d41c7be22f0a6";
let stack: TestStack;
let viewer: ApiClient;
let viewerId: string;
let peer: EchoMcpPeer;
const workflowIds: string[] = [];

/** Every spelling of the secret a viewer must never see (the peer's four, and base64's other forms). */
const forbidden = () => {
  const base64 = Buffer.from(SECRET).toString("base64");
  return [
    ...Object.values(echoSpellings(SECRET)),
    base64.replace(/=+$/, ""),
    Buffer.from(SECRET).toString("base64url"),
  ];
};

beforeAll(async () => {
  stack = await startTestStack();
  const viewerAccount = await createTestAccount("viewer");
  viewer = apiClient(stack.url, viewerAccount.headers);
  viewerId = viewerAccount.userId;
  peer = await startEchoMcpPeer();
  await putSecret("ECHO_MCP_TOKEN", SECRET);
});
afterAll(async () => {
  await getDb().workflow.deleteMany({ where: { id: { in: workflowIds } } });
  await getDb().secret.deleteMany({ where: { name: "ECHO_MCP_TOKEN" } });
  await peer.close();
  await stack.close();
});

const echoingGraph = (url: string): WorkflowGraph => ({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("agent", "core.agent", {
      label: "Agent",
      params: {
        provider: "scripted",
        script: {
          toolCalls: [{ tool: "echo__echo_request", args: { note: "ping" } }],
          finalText: "The server said {{results.0}}",
        },
      },
    }),
    graphNode("echo", "mcp.server", {
      label: "echo",
      mode: "tool",
      params: { transport: "http", url, headers: { "X-Api-Token": secretRef("ECHO_MCP_TOKEN") } },
    }),
  ],
  edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("echo", "tool", "agent", "tools")],
});

async function post(path: string, body: unknown): Promise<Record<string, string>> {
  const response = await stack.fetch(path, { method: "POST", body: JSON.stringify(body) });
  expect(response.status, `POST ${path}`).toBe(201);
  return response.json();
}

/** A chat message to a new workflow with the echoing server; answers the ids a viewer then reads by. */
async function chatWithEchoingServer() {
  const workflow = await post("/api/workflows", { name: "secret echo", publish: true, ...echoingGraph(peer.url) });
  workflowIds.push(workflow.id);
  await shareWorkflow(workflow.id, viewerId, "viewer"); // the viewer may read it: what they read must hold no secret
  const conversation = await post(`/api/workflows/${workflow.id}/conversations`, {});
  const { runId } = await post(`/api/conversations/${conversation.id}/messages`, { text: "call the echo tool" });
  const result = await waitForRun(stack, runId, 30_000);
  expect(result.status, result.error ?? "").toBe("completed");
  return { workflowId: workflow.id, conversationId: conversation.id, runId };
}

async function viewerReads(path: string): Promise<string> {
  const response = await viewer.fetch(path);
  expect(response.status, `GET ${path} as a viewer`).toBe(200);
  return response.text();
}

describe("a secret echoed back by a real MCP server", () => {
  it("reaches the server, and no spelling of it reaches a viewer's events, run, lists, conversation or audit trail", async () => {
    const { workflowId, conversationId, runId } = await chatWithEchoingServer();
    expect(peer.received.some((headers) => headers["x-api-token"] === SECRET)).toBe(true);

    // the SSE stream: replayed, then closed after the terminal event
    const events = await viewerReads(`/api/runs/${runId}/events`);
    expect(events).toContain("tool.call.completed");
    expect(events).toContain("run.completed");
    const views: Record<string, string> = {
      events,
      run: await viewerReads(`/api/runs/${runId}`),
      runList: await viewerReads(`/api/runs?workflowId=${workflowId}`),
      workflowRuns: await viewerReads(`/api/workflows/${workflowId}/runs`),
      conversation: await viewerReads(`/api/conversations/${conversationId}`),
      audit: await viewerReads(`/api/audit/tool-calls?workflowId=${workflowId}`),
    };
    // The echo did come back, redacted: the server's answer is in the events, the answer and the audit row.
    for (const name of ["events", "run", "conversation", "audit"]) expect(views[name], name).toContain("[secret]");
    for (const [name, text] of Object.entries(views)) {
      for (const spelling of forbidden())
        expect(text.includes(spelling), `${name} holds the secret as ${spelling}`).toBe(false);
    }
  }, 60_000);
});
