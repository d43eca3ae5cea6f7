/**
 * A whole run through the real path: HTTP API → compile → Run row → BullMQ `runs` → worker →
 * tool registry → session token → MCP gateway → `tool-calls` worker → events in PostgreSQL and
 * Redis pub/sub → SSE. Models: the scripted one, and the OpenAI-compatible client against a
 * real HTTP server speaking chat completions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedis } from "../queue/redis";
import { registryKey } from "../registry/registry";
import { putSecret } from "../secrets/secret-store";
import { startFakeChatCompletions } from "../testing/fake-chat-completions";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitForRun } from "../testing/wait-for-run";
import type { WorkflowGraph } from "../workflow/graph";
import { exampleWorkflowGraph } from "../workflow-store/example";
import type { RunEvent } from "./events";
import { listEvents } from "./read-events";

const redis = createRedis();
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  redis.disconnect();
  await stack.close();
});

async function post(path: string, body: unknown) {
  const response = await stack.fetch(path, { method: "POST", body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

async function runWorkflow(graph: WorkflowGraph, input?: unknown) {
  const created = await post("/api/workflows", { name: "integration", publish: true, ...graph });
  expect(created.status).toBe(201);
  const started = await post(`/api/workflows/${created.body.id}/runs`, { input });
  expect(started.status).toBe(201);
  const runId = started.body.runId as string;
  return { runId, result: await waitForRun(stack, runId) };
}

/** Reads the SSE route the way a browser does, from `lastEventId` on, until the stream closes. */
async function readSse(runId: string, lastEventId?: number): Promise<RunEvent[]> {
  const response = await stack.fetch(`/api/runs/${runId}/events`, {
    headers: lastEventId ? { "last-event-id": String(lastEventId) } : {},
  });
  expect(response.headers.get("content-type")).toBe("text/event-stream");
  const text = await response.text();
  return text
    .split("\n\n")
    .map((block) => block.split("\n").find((line) => line.startsWith("data: ")))
    .filter((line): line is string => Boolean(line))
    .map((line) => JSON.parse(line.slice(6)) as RunEvent);
}

describe("a full run", () => {
  it("runs the example workflow: the agent calls its HTTP tool through the gateway and answers", async () => {
    const { runId, result } = await runWorkflow(exampleWorkflowGraph(), "Is it up?");
    expect(result.error).toBeNull();
    expect(result.status).toBe("completed");
    const output = result.output as {
      text: string;
      toolCalls: { toolName: string; isError: boolean; result: string }[];
      iterations: number;
    };
    expect(output.text).toContain("You asked: Is it up?");
    // The HTTP tool called this Switchboard's health check through the gateway.
    expect(output.text).toContain('{"status":200,"body":{"status":"ok","redis":"ok","database":"ok"}}');
    expect(output.toolCalls).toEqual([
      expect.objectContaining({ toolName: "http_request", isError: false, iteration: 1 }),
    ]);
    expect(output.iterations).toBe(2);

    const events = await listEvents(runId);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const types = events.map((e) => e.type);
    expect(types[0]).toBe("run.queued");
    expect(types.at(-1)).toBe("run.completed");
    expect(types.indexOf("tool.registered")).toBeLessThan(types.indexOf("tool.call.started"));
    const call = events.find((e) => e.type === "tool.call.completed");
    expect(call?.payload).toMatchObject({
      nodeId: "agent",
      toolName: "http_request",
      args: { url: "/api/health" },
      isError: false,
    });
    // The call's duration, in whole milliseconds, lies within the run's own.
    const callMs = (call?.payload as { durationMs: number }).durationMs;
    const runMs = (events.find((e) => e.type === "run.completed")?.payload as { durationMs: number }).durationMs;
    expect(Number.isInteger(callMs)).toBe(true);
    expect(callMs).toBeLessThanOrEqual(runMs);
    expect(events.filter((e) => e.type === "agent.step")).toHaveLength(2);
    expect(events.find((e) => e.type === "llm.usage")?.payload).toMatchObject({
      nodeId: "agent",
      totalTokens: expect.any(Number),
    });

    expect(await redis.exists(registryKey(runId))).toBe(0);
  });

  it("streams the same events over SSE, and resumes after Last-Event-ID without loss", async () => {
    const { runId } = await runWorkflow(exampleWorkflowGraph());
    const stored = await listEvents(runId);
    const all = await readSse(runId);
    expect(all.map((e) => e.seq)).toEqual(stored.map((e) => e.seq));
    const resumed = await readSse(runId, 3);
    expect(resumed.map((e) => e.seq)).toEqual(stored.slice(3).map((e) => e.seq));
  });

  it("tails a live run over SSE from before it starts to its end", async () => {
    const created = await post("/api/workflows", { name: "live", publish: true, ...exampleWorkflowGraph() });
    const started = await post(`/api/workflows/${created.body.id}/runs`, {});
    const live = await readSse(started.body.runId);
    expect(live[0].type).toBe("run.queued");
    expect(live.at(-1)?.type).toBe("run.completed");
    expect(live.some((e) => e.type === "tool.call.completed")).toBe(true);
  });

  it("fails a run with an error that names the node", async () => {
    const graph: WorkflowGraph = {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("fetch", "core.http.request", { params: { url: "ftp://nowhere/file" } }),
      ],
      edges: [],
    };
    const { runId, result } = await runWorkflow(graph);
    expect(result.status).toBe("failed");
    expect(result.error).toContain("only http and https");
    const failed = (await listEvents(runId)).find((e) => e.type === "node.failed");
    expect(failed?.payload).toMatchObject({ nodeId: "fetch" });
  });

  it("drives the OpenAI-compatible client: a tool call, then the answer", async () => {
    await putSecret("FAKE_LLM_KEY", "sk-test-123");
    const llm = await startFakeChatCompletions([
      { toolCall: { name: "http_request", arguments: { url: "/api/health" } } },
      { text: "The server is healthy." },
    ]);
    try {
      const graph: WorkflowGraph = {
        nodes: [
          graphNode("entry", "core.entry"),
          graphNode("agent", "core.agent", {
            params: {
              provider: "openai-compatible",
              baseUrl: llm.baseUrl,
              model: "gpt-test",
              apiKey: { $secret: "FAKE_LLM_KEY" },
            },
          }),
          graphNode("http", "core.http.request", { label: "HTTP Request", mode: "tool" }),
        ],
        edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("http", "tool", "agent", "tools")],
      };
      const { runId, result } = await runWorkflow(graph, "Is the server up?");
      expect(result.error).toBeNull();
      expect(result.output).toMatchObject({
        text: "The server is healthy.",
        iterations: 2,
        usage: { inputTokens: 40, outputTokens: 10, totalTokens: 50 },
      });
      // The answer was streamed: agent.text pieces of step 2 that add up to it, recorded before the step itself.
      const events = await listEvents(runId);
      const pieces = events.filter((e): e is Extract<RunEvent, { type: "agent.text" }> => e.type === "agent.text");
      expect(pieces.map((e) => e.payload.text).join("")).toBe("The server is healthy.");
      expect(pieces.every((e) => e.payload.iteration === 2)).toBe(true);
      const step2 = events.find((e) => e.type === "agent.step" && e.payload.iteration === 2)!;
      expect(pieces.every((e) => e.seq < step2.seq)).toBe(true);

      expect(llm.received).toHaveLength(2);
      expect(llm.received.every((request) => request.body.stream === true)).toBe(true);
      expect(llm.received[0].authorization).toBe("Bearer sk-test-123");
      expect(llm.received[0].body.model).toBe("gpt-test");
      expect(llm.received[0].body.tools?.map((t) => t.function.name)).toEqual(["http_request"]);
      const toolMessage = llm.received[1].body.messages.find((m) => m.role === "tool");
      expect(String(toolMessage?.content)).toContain('"status":200');
    } finally {
      llm.close();
    }
  });
});
