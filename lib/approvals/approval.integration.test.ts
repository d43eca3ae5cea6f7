/**
 * Human approval through the real gateway and the real decision route: a call to a tool that
 * requires approval waits, is announced as an event, and goes ahead (with the original or edited
 * arguments) only when a person approves; a denial or a timeout comes back as an error result.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionToken } from "../gateway/session-token";
import { getDb } from "../db/client";
import { createRedis } from "../queue/redis";
import { deleteRegistry } from "../registry/registry";
import type { RunEvent } from "../runs/events";
import { graphEdge, graphNode, storeRun } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { registerComponentTool } from "../tools/register-component-tool";
import { getApprovalRequest } from "./approval-store";
import { waitForEvent } from "../testing/wait-for";

const redis = createRedis();
let stack: TestStack;
let target: Server;
let targetUrl: string;
let runId: string;
let client: Client;
const hits: string[] = [];

const rawCall = (name: string, args: Record<string, unknown>, callId: string) =>
  client.request({ method: "tools/call", params: { name, arguments: args, _meta: { callId } } }, CallToolResultSchema, {
    timeout: 60_000,
  }) as Promise<CallToolResult>;

const decide = (callId: string, body: unknown) =>
  stack.fetch(`/api/runs/${runId}/approvals/${encodeURIComponent(callId)}`, {
    method: "POST",
    body: JSON.stringify(body),
  });

const eventFor = (type: RunEvent["type"], callId: string): Promise<RunEvent> =>
  waitForEvent(runId, (event) => event.type === type && (event.payload as { callId?: string }).callId === callId);

beforeAll(async () => {
  stack = await startTestStack();
  target = createServer((req, res) => {
    hits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/plain" }).end(`hit ${req.url}`);
  });
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  const stored = await storeRun({
    nodes: [
      graphNode("agent", "core.agent"),
      graphNode("guarded", "core.http.request", {
        label: "Guarded",
        mode: "tool",
        toolConfig: { requiresApproval: true, approvalTimeoutSeconds: 5 },
      }),
      graphNode("free", "core.http.request", { label: "Free", mode: "tool" }),
    ],
    edges: [graphEdge("guarded", "tool", "agent", "tools"), graphEdge("free", "tool", "agent", "tools")],
  });
  runId = stored.runId;
  for (const id of ["guarded", "free"]) await registerComponentTool(redis, runId, stored.plan.nodes[id], {});
  const token = await createSessionToken({ runId, agentNodeId: "agent", allowedNodeIds: ["guarded", "free"] });
  client = new Client({ name: "approval-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${stack.url}/api/mcp/gateway`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
});

afterAll(async () => {
  await client.close();
  await deleteRegistry(redis, runId);
  await getDb()
    .run.findUnique({ where: { id: runId } })
    .then((run) => run && getDb().workflow.delete({ where: { id: run.workflowId } }));
  redis.disconnect();
  target.close();
  await stack.close();
});

describe("human approval at the gateway", () => {
  it("lets a tool without approval through at once", async () => {
    const result = await rawCall("free", { url: `${targetUrl}/free` }, "free-1");
    expect(result).toMatchObject({ isError: false, structuredContent: { body: "hit /free" } });
  });

  it("holds the call until a person approves, then runs it", async () => {
    const call = rawCall("guarded", { url: `${targetUrl}/approved` }, "call-approve");
    const requested = await eventFor("tool.approval.requested", "agent:call-approve");
    expect(requested.payload).toEqual({
      nodeId: "agent",
      callId: "agent:call-approve",
      toolName: "guarded",
      args: { url: `${targetUrl}/approved` },
      timeoutSeconds: 5,
    });
    expect(await getApprovalRequest(redis, runId, "agent:call-approve")).toMatchObject({
      toolName: "guarded",
      agentNodeId: "agent",
    });
    expect(hits).not.toContain("/approved");

    const response = await decide("agent:call-approve", { decision: "approved" });
    expect(response.status).toBe(200);
    expect(await call).toMatchObject({ isError: false, structuredContent: { status: 200, body: "hit /approved" } });
    expect((await eventFor("tool.approval.decided", "agent:call-approve")).payload).toEqual({
      nodeId: "agent",
      callId: "agent:call-approve",
      toolName: "guarded",
      decision: "approved",
      by: "person",
      decidedBy: stack.account.email.split("@")[0], // the account's name: who decided is kept
      args: { url: `${targetUrl}/approved` },
    });
    // Decided once: a second decision is refused.
    const again = await decide("agent:call-approve", { decision: "denied" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: "The call to guarded was already approved" });
  });

  it("runs the call with the arguments a person edited", async () => {
    const call = rawCall("guarded", { url: `${targetUrl}/original` }, "call-edit");
    await eventFor("tool.approval.requested", "agent:call-edit");
    expect(
      (await decide("agent:call-edit", { decision: "approved", args: { url: `${targetUrl}/edited` } })).status,
    ).toBe(200);
    expect(await call).toMatchObject({ isError: false, structuredContent: { body: "hit /edited" } });
    expect(hits).not.toContain("/original");
    expect((await eventFor("tool.approval.decided", "agent:call-edit")).payload).toMatchObject({
      decision: "approved",
      args: { url: `${targetUrl}/edited` },
    });
  });

  it("returns a denial to the model as an error result and never runs the tool", async () => {
    const call = rawCall("guarded", { url: `${targetUrl}/denied` }, "call-deny");
    await eventFor("tool.approval.requested", "agent:call-deny");
    expect((await decide("agent:call-deny", { decision: "denied", reason: "not today" })).status).toBe(200);
    const result = await call;
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: "text", text: "Denied: a person denied the call to guarded (not today)" }]);
    expect(hits).not.toContain("/denied");
    expect((await eventFor("tool.approval.decided", "agent:call-deny")).payload).toMatchObject({
      decision: "denied",
      by: "person",
      decidedBy: stack.account.email.split("@")[0],
      reason: "not today",
    });
  });

  it("denies the call when nobody decides in time", async () => {
    const startedAt = Date.now();
    const result = await rawCall("guarded", { url: `${targetUrl}/ignored` }, "call-timeout");
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(4_900);
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "Denied: nobody approved the call to guarded within 5 s" }],
    });
    expect(hits).not.toContain("/ignored");
    expect((await eventFor("tool.approval.decided", "agent:call-timeout")).payload).toMatchObject({
      decision: "denied",
      by: "timeout",
      reason: "no decision within 5 s",
    });
    expect((await decide("agent:call-timeout", { decision: "approved" })).status).toBe(409);
  });

  it("answers bad decisions with a 400 naming the field, and unknown calls with a 404", async () => {
    const call = rawCall("guarded", { url: `${targetUrl}/bad-input` }, "call-bad-input");
    await eventFor("tool.approval.requested", "agent:call-bad-input");
    const bodies: [unknown, string][] = [
      [{ decision: "maybe" }, 'decision: must be "approved" or "denied"'],
      [{ decision: "approved", args: [1, 2] }, "args: must be a JSON object of arguments"],
      [{ decision: "denied", args: { url: "x" } }, "args: only an approval can carry edited arguments"],
    ];
    for (const [body, error] of bodies) {
      const response = await decide("agent:call-bad-input", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error });
    }
    expect((await decide("no-such-call", { decision: "approved" })).status).toBe(404);
    expect((await decide("agent:call-bad-input", { decision: "denied" })).status).toBe(200);
    expect((await call).isError).toBe(true);
  });
});
