/**
 * The one audit trail, through the real gateway, workers and database: a built-in agent's calls
 * are recorded once, at the gateway (events and audit rows, caller "agent"); a tool the model
 * names that was never listed is recorded as blocked; a secret in a call is redacted; the rows
 * outlive the workflow; the API filters and pages them and names a bad parameter.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { putSecret } from "../secrets/secret-store";
import { secretRef } from "../secrets/secret-ref";
import { graphEdge, graphNode } from "../testing/fixtures";
import { runWorkflowToEnd } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import type { WorkflowGraph } from "../workflow/graph";
import { deleteWorkflow } from "../workflow-store/repository";
import { listEvents } from "../runs/read-events";
import { getDb } from "../db/client";
import type { AuditedCall, AuditPage } from "./list-tool-calls";

let stack: TestStack;
const SECRET = `audit-secret-${Date.now()}`;

beforeAll(async () => {
  stack = await startTestStack();
  await putSecret("AUDIT_SECRET", SECRET);
});
afterAll(async () => {
  await stack.close();
});

const agentGraph = (toolCalls: { tool: string; args: Record<string, unknown> }[]): WorkflowGraph => ({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("agent", "core.agent", { params: { provider: "scripted", script: { toolCalls, finalText: "done" } } }),
    graphNode("http", "core.http.request", { label: "HTTP Request", mode: "tool" }),
  ],
  edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("http", "tool", "agent", "tools")],
});

async function auditOf(runId: string): Promise<AuditedCall[]> {
  const response = await stack.fetch(`/api/audit/tool-calls?limit=200`);
  expect(response.status).toBe(200);
  return ((await response.json()) as AuditPage).calls.filter((call) => call.runId === runId);
}

describe("the gateway's audit trail", () => {
  it("records a built-in agent's call once: one started and one completed event, and one audit row", async () => {
    const began = performance.now();
    const { runId, result } = await runWorkflowToEnd(
      stack,
      agentGraph([{ tool: "http_request", args: { url: "/api/health" } }]),
    );
    const runWallMs = performance.now() - began;
    expect(result.status).toBe("completed");
    const events = await listEvents(runId);
    const started = events.filter((event) => event.type === "tool.call.started");
    const completed = events.filter((event) => event.type === "tool.call.completed");
    expect(started).toHaveLength(1);
    expect(completed).toHaveLength(1);
    expect(completed[0].payload).toMatchObject({
      nodeId: "agent",
      callId: "agent:call_1",
      toolName: "http_request",
      iteration: 1,
      isError: false,
    });
    expect(started[0].seq).toBeLessThan(completed[0].seq);
    // The agent's own output still lists its calls.
    expect((result.output as { toolCalls: unknown[] }).toolCalls).toEqual([
      expect.objectContaining({ callId: "agent:call_1", toolName: "http_request" }),
    ]);

    const [row] = await auditOf(runId);
    expect(row).toMatchObject({
      caller: "agent",
      callerNodeId: "agent",
      callerLabel: "agent",
      toolName: "http_request",
      outcome: "completed",
      args: { url: "/api/health" },
      workflowName: "integration",
      // The run was started through the API with the test account's key.
      startedBy: `${stack.account.email.split("@")[0]}'s API key`,
    });
    expect(row.detail).toContain('"status":200');
    // A duration in whole milliseconds (not a timestamp, not seconds): the forwarding it times lies within the call as
    // the gateway saw it (the completed event's), which lies within the run.
    expect(Number.isInteger(row.durationMs)).toBe(true);
    const callMs = (completed[0].payload as { durationMs: number }).durationMs;
    expect(row.durationMs).toBeLessThanOrEqual(callMs);
    expect(callMs).toBeLessThanOrEqual(runWallMs);
  });

  it("records a tool the model named but was never given as blocked, at the gateway", async () => {
    const { runId, result } = await runWorkflowToEnd(
      stack,
      agentGraph([{ tool: "launch_rockets", args: { count: 3 } }]),
    );
    expect(result.status).toBe("completed");
    const blocked = (await listEvents(runId)).filter((event) => event.type === "tool.call.blocked");
    expect(blocked.map((event) => event.payload)).toEqual([
      expect.objectContaining({ nodeId: "agent", toolName: "launch_rockets", args: { count: 3 } }),
    ]);
    expect(await auditOf(runId)).toEqual([
      expect.objectContaining({ toolName: "launch_rockets", outcome: "blocked", caller: "agent", args: { count: 3 } }),
    ]);
  });

  it("redacts a secret the call carries, and keeps the rows after the workflow is deleted", async () => {
    const { runId, result } = await runWorkflowToEnd(
      stack,
      agentGraph([
        { tool: "http_request", args: { url: "/api/health", headers: { "X-Key": secretRef("AUDIT_SECRET") } } },
      ]),
    );
    expect(result.status).toBe("completed");
    const [row] = await auditOf(runId);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(JSON.stringify(await listEvents(runId))).not.toContain(SECRET);

    const run = await getDb().run.findUniqueOrThrow({ where: { id: runId }, select: { workflowId: true } });
    expect(await deleteWorkflow(run.workflowId)).toBe(true);
    expect(await getDb().run.findUnique({ where: { id: runId } })).toBeNull();
    const kept = await stack.fetch(`/api/audit/tool-calls?workflowId=${run.workflowId}`);
    expect(((await kept.json()) as AuditPage).calls).toEqual([
      expect.objectContaining({ runId, workflowName: "integration", toolName: "http_request" }),
    ]);
  });

  it("filters by outcome and tool, pages with a cursor, and names a bad parameter", async () => {
    const blocked = (await (await stack.fetch("/api/audit/tool-calls?outcome=blocked")).json()) as AuditPage;
    expect(blocked.calls.length).toBeGreaterThan(0);
    expect(blocked.calls.every((call) => call.outcome === "blocked")).toBe(true);
    const byTool = (await (
      await stack.fetch("/api/audit/tool-calls?tool=http_request&caller=agent")
    ).json()) as AuditPage;
    expect(byTool.calls.every((call) => call.toolName === "http_request" && call.caller === "agent")).toBe(true);

    const first = (await (await stack.fetch("/api/audit/tool-calls?limit=1")).json()) as AuditPage;
    expect(first.calls).toHaveLength(1);
    const second = (await (
      await stack.fetch(`/api/audit/tool-calls?limit=1&cursor=${first.nextCursor}`)
    ).json()) as AuditPage;
    expect(second.calls[0].id).not.toBe(first.calls[0].id);

    const bad = await stack.fetch("/api/audit/tool-calls?outcome=maybe");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^outcome: /);
  });
});
