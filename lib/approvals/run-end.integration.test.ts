/**
 * A run's end decides the calls still waiting for approval: cancelling a run whose agent waits on
 * an approval-requiring tool denies every waiting call "by run-end" at once, wakes the gateway
 * calls holding them and leaves no approval state behind without a TTL.
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
import type { RunEvent } from "../runs/events";
import { listEvents } from "../runs/read-events";
import { graphEdge, graphNode, storeRun } from "../testing/fixtures";
import { startWorkflowRun } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitForRun } from "../testing/wait-for-run";
import type { WorkflowGraph } from "../workflow/graph";
import { awaitApproval } from "./await-approval";
import { getApprovalDecision } from "./approval-store";
import { denyApprovalsOnRunEnd } from "./deny-on-run-end";
import { waitForEvents } from "../testing/wait-for";

const redis = createRedis();
let stack: TestStack;
let target: Server;
let targetUrl: string;
const hits: string[] = [];

type Decided = Extract<RunEvent, { type: "tool.approval.decided" }>;

const approvalRequests = (events: RunEvent[]) => events.filter((e) => e.type === "tool.approval.requested");

async function approvalKeys(runId: string): Promise<string[]> {
  return (await redis.keys(`run:{${runId}}:approval*`)).sort();
}

beforeAll(async () => {
  stack = await startTestStack();
  target = createServer((req, res) => {
    hits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/plain" }).end("hit");
  });
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});

afterAll(async () => {
  redis.disconnect();
  target.close();
  await stack.close();
});

describe("approvals when the run ends", () => {
  it("cancelling a run denies its waiting calls by run end and wakes the gateway calls at once", async () => {
    const graph: WorkflowGraph = {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("agent", "core.agent", {
          params: {
            provider: "scripted",
            script: {
              toolCalls: [{ tool: "guarded", args: { url: `${targetUrl}/agent` } }],
              finalText: "{{results.0}}",
            },
          },
        }),
        graphNode("guarded", "core.http.request", {
          label: "Guarded",
          mode: "tool",
          toolConfig: { requiresApproval: true, approvalTimeoutSeconds: 120 },
        }),
      ],
      edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("guarded", "tool", "agent", "tools")],
    };
    const runId = await startWorkflowRun(stack, graph, "go");
    await waitForEvents(runId, (events) => approvalRequests(events).length === 1);

    // A second call waits at the gateway through a client of our own, so we can see when it returns.
    const token = await createSessionToken({ runId, agentNodeId: "agent", allowedNodeIds: ["guarded"] });
    const client = new Client({ name: "run-end-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${stack.url}/api/mcp/gateway`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const rawCall = client.request(
      {
        method: "tools/call",
        params: { name: "guarded", arguments: { url: `${targetUrl}/raw` }, _meta: { callId: "raw" } },
      },
      CallToolResultSchema,
      { timeout: 60_000 },
    ) as Promise<CallToolResult>;
    const requested = approvalRequests(await waitForEvents(runId, (events) => approvalRequests(events).length === 2));
    const callIds = requested.map((event) => (event.payload as { callId: string }).callId).sort();
    expect(callIds).toContain("agent:raw");

    const cancelledAt = Date.now();
    expect((await stack.fetch(`/api/runs/${runId}/cancel`, { method: "POST" })).status).toBe(202);
    const result = await rawCall;
    expect(Date.now() - cancelledAt).toBeLessThan(3_000);
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "Denied: the run ended before anyone decided on the call to guarded" }],
    });
    expect((await waitForRun(stack, runId, 5_000)).status).toBe("cancelled");
    await client.close();

    const events = await listEvents(runId);
    const decided = events.filter((e): e is Decided => e.type === "tool.approval.decided");
    expect(decided.map((e) => e.payload.callId).sort()).toEqual(callIds);
    for (const event of decided)
      expect(event.payload).toMatchObject({
        nodeId: "agent",
        toolName: "guarded",
        decision: "denied",
        by: "run-end",
        reason: "the run ended",
      });
    expect(events.at(-1)?.type).toBe("run.cancelled");
    expect(Math.max(...decided.map((e) => e.seq))).toBeLessThan(events.at(-1)!.seq);
    expect(hits).toEqual([]);

    // A late click is refused, naming why.
    const late = await stack.fetch(`/api/runs/${runId}/approvals/${encodeURIComponent(callIds[0])}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ decision: "approved" }),
    });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: "The call to guarded was already denied when the run ended" });

    // Both waiters woke and took their wake-up; what is left (requests, decisions, the ended mark) expires on its own.
    const wakeKeys = async () => (await approvalKeys(runId)).filter((key) => key.endsWith(":wake"));
    await expect.poll(wakeKeys, { timeout: 5_000 }).toEqual([]);
    const left = await approvalKeys(runId);
    expect(left).not.toContain(`run:{${runId}}:approvals:pending`);
    expect(left).toContain(`run:{${runId}}:approvals:ended`);
    for (const key of left) expect(await redis.ttl(key), key).toBeGreaterThan(0);
  }, 40_000);

  it("denies at once a call that asks for approval after its run ended", async () => {
    const { runId } = await storeRun({
      nodes: [
        graphNode("agent", "core.agent"),
        graphNode("guarded", "core.http.request", {
          mode: "tool",
          toolConfig: { requiresApproval: true, approvalTimeoutSeconds: 120 },
        }),
      ],
      edges: [graphEdge("guarded", "tool", "agent", "tools")],
    });
    try {
      const recorded: unknown[] = [];
      await denyApprovalsOnRunEnd(redis, runId, async (event) => void recorded.push(event));
      expect(recorded).toEqual([]); // nothing was waiting

      const startedAt = Date.now();
      const outcome = await awaitApproval(
        redis,
        { runId, agentNodeId: "agent", allowedNodeIds: ["guarded"] },
        { tool: { nodeId: "guarded" }, toolName: "guarded", args: {}, callId: "agent:late" },
        async (event) => void recorded.push(event),
      );
      expect(Date.now() - startedAt).toBeLessThan(2_000);
      expect(outcome).toEqual({
        approved: false,
        message: "Denied: the run ended before anyone decided on the call to guarded",
      });
      expect(recorded).toEqual([
        {
          type: "tool.approval.decided",
          payload: {
            nodeId: "agent",
            callId: "agent:late",
            toolName: "guarded",
            decision: "denied",
            by: "run-end",
            reason: "the run ended",
          },
        },
      ]);
      expect(await getApprovalDecision(redis, runId, "agent:late")).toMatchObject({ by: "run-end" });
    } finally {
      await getDb()
        .run.findUnique({ where: { id: runId } })
        .then((run) => run && getDb().workflow.delete({ where: { id: run.workflowId } }));
    }
  });
});
