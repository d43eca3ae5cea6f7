/**
 * One run, one trace, across real processes: a web process (the app's route handlers) and a worker process export
 * their spans over OTLP/HTTP to a real receiver. A run of an Agent (the scripted model) calling an HTTP tool through
 * the gateway must arrive as ONE connected trace: web `start run` → worker `run` → `invoke_agent` → `chat` model calls
 * and the agent's `execute_tool` → the gateway's `tools/call` (web) → the worker's `execute_tool` → the tool's HTTP
 * `GET`. The GenAI attributes are there; the secret the tool sends is nowhere in what was exported. A call to an MCP
 * server's tool ends in the worker's `tools/call` client span, and the server receives the trace's `traceparent`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { putSecret } from "../secrets/secret-store";
import { apiClient, type ApiClient } from "../testing/api-client";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startEchoMcpPeer, type EchoMcpPeer } from "../testing/echo-mcp-peer";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "../testing/otlp-receiver";
import { runWorkflowToEnd } from "../testing/run-workflow";
import { createTestAccount } from "../testing/test-accounts";
import { waitFor } from "../testing/wait-for";
import { startWebProcess, type WebProcess } from "../testing/web-process";
import { startWorkerProcess, type WorkerProcess } from "../testing/worker-process";
import type { WorkflowGraph } from "../workflow/graph";

const SECRET_VALUE = `trace-secret-${Date.now()}`;
let receiver: OtlpReceiver;
let web: WebProcess;
let worker: WorkerProcess;
let api: ApiClient;
let peer: EchoMcpPeer;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  peer = await startEchoMcpPeer();
  Object.assign(process.env, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: "100" });
  await putSecret("TRACE_TOKEN", SECRET_VALUE);
  web = await startWebProcess();
  worker = startWorkerProcess({ SWITCHBOARD_URL: web.url });
  await worker.ready;
  api = apiClient(web.url, (await createTestAccount("admin")).headers);
}, 90_000);
afterAll(async () => {
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  await worker?.kill("SIGTERM");
  await web?.stop();
  await receiver?.close();
  await peer?.close();
});

/** Entry → an Agent (the scripted model) with one tool node wired to it, whose calls the script makes. */
const agentWith = (tool: WorkflowGraph["nodes"][number], script: Record<string, unknown>): WorkflowGraph => ({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("agent", "core.agent", { label: "Agent", params: { provider: "scripted", script } }),
    tool,
  ],
  edges: [graphEdge("entry", "output", "agent", "input"), graphEdge(tool.id, "tool", "agent", "tools")],
});

const graph = agentWith(
  graphNode("http", "core.http.request", {
    label: "HTTP Request",
    mode: "tool",
    params: { headers: { "X-Token": { $secret: "TRACE_TOKEN" } } },
  }),
  {
    toolCalls: [{ tool: "http_request", args: { url: "/api/health" } }],
    finalText: "{{results.0}}",
    usagePerCall: { inputTokens: 100, outputTokens: 20 },
  },
);

/** The spans of the run's trace, once every one of `names` has arrived. */
function traceWith(runId: string, names: string[]): Promise<ReceivedSpan[]> {
  return waitFor(
    `the spans ${names.join(", ")} of run ${runId}`,
    () => {
      const run = receiver.spans.find((span) => span.name === "run" && span.attributes["switchboard.run.id"] === runId);
      const trace = receiver.spans.filter((span) => span.traceId === run?.traceId);
      return names.every((name) => trace.some((span) => span.name === name)) ? trace : undefined;
    },
    15_000,
    100,
  );
}

describe("OpenTelemetry traces", () => {
  it("follow one run across the web, worker and gateway as one connected trace", async () => {
    const { runId, result } = await runWorkflowToEnd(api, graph, "Is it up?");
    expect(result.status).toBe("completed");
    const spans = await traceWith(runId, [
      "start run",
      "run",
      "invoke_agent Agent",
      "chat scripted",
      "execute_tool http_request",
      "tools/call http_request",
      "GET",
    ]);
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const parentOf = (span: ReceivedSpan) => (span.parentSpanId ? byId.get(span.parentSpanId) : undefined);
    const chain = (span: ReceivedSpan): string[] => {
      const parent = parentOf(span);
      return parent ? [...chain(parent), `${parent.service}:${parent.name}`] : [];
    };

    // Connected: one root, and every other span's parent is in the same trace.
    const roots = spans.filter((span) => !span.parentSpanId);
    expect(roots.map((span) => `${span.service}:${span.name}`)).toEqual(["switchboard-web:start run"]);
    expect(spans.filter((span) => span.parentSpanId && !byId.has(span.parentSpanId))).toEqual([]);
    expect(new Set(spans.map((span) => span.service))).toEqual(new Set(["switchboard-web", "switchboard-worker"]));
    expect(new Set(spans.map((span) => span.pid)).size).toBe(2);

    const only = (name: string, service: string) => {
      const found = spans.filter((span) => span.name === name && span.service === service);
      expect(found, `${service}:${name}`).toHaveLength(1);
      return found[0];
    };
    const get = only("GET", "switchboard-worker");
    expect(chain(get)).toEqual([
      "switchboard-web:start run",
      "switchboard-worker:run",
      "switchboard-worker:invoke_agent Agent",
      "switchboard-worker:execute_tool http_request",
      "switchboard-web:tools/call http_request",
      "switchboard-worker:execute_tool http_request",
    ]);
    const chats = spans.filter((span) => span.name === "chat scripted");
    expect(chats).toHaveLength(2);
    for (const chat of chats) {
      expect(parentOf(chat)?.name).toBe("invoke_agent Agent");
      expect(chat.kind).toBe(3); // client
      expect(chat.attributes).toMatchObject({
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "scripted",
        "gen_ai.request.model": "scripted",
        "gen_ai.usage.input_tokens": 100,
        "gen_ai.usage.output_tokens": 20,
      });
    }
    const agentCall = parentOf(parentOf(parentOf(get)!)!)!;
    expect(agentCall.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "http_request",
      "gen_ai.tool.call.id": expect.any(String),
    });
    expect(only("tools/call http_request", "switchboard-web")).toMatchObject({
      kind: 2, // server
      attributes: { "mcp.method.name": "tools/call", "switchboard.run.id": runId },
    });
    expect(get.attributes).toMatchObject({ "http.request.method": "GET", "http.response.status_code": 200 });
    expect(only("run", "switchboard-worker").attributes).toMatchObject({ "switchboard.run.status": "completed" });

    expect(receiver.problems).toEqual([]);
    expect(receiver.bodies.join("\n")).not.toContain(SECRET_VALUE);
  });

  it("carry the trace to an MCP server the agent calls through the gateway", async () => {
    const mcpGraph = agentWith(
      graphNode("echo", "mcp.server", { label: "echo", mode: "tool", params: { transport: "http", url: peer.url } }),
      { toolCalls: [{ tool: "echo__echo_request", args: { note: "ping" } }], finalText: "done" },
    );
    const { runId, result } = await runWorkflowToEnd(api, mcpGraph);
    expect(result.status).toBe("completed");
    const spans = await traceWith(runId, ["tools/call echo__echo_request", "tools/call echo_request"]);
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const mcpCall = spans.find((span) => span.name === "tools/call echo_request")!;
    expect(mcpCall).toMatchObject({
      service: "switchboard-worker",
      kind: 3,
      attributes: { "gen_ai.tool.name": "echo_request" },
    });
    const parents: string[] = [];
    for (let at = byId.get(mcpCall.parentSpanId!); at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined)
      parents.unshift(`${at.service}:${at.name}`);
    expect(parents).toEqual([
      "switchboard-web:start run",
      "switchboard-worker:run",
      "switchboard-worker:invoke_agent Agent",
      "switchboard-worker:execute_tool echo__echo_request",
      "switchboard-web:tools/call echo__echo_request",
      "switchboard-worker:execute_tool echo_request", // the job names the server's own tool
    ]);
    // The server's requests carried the run's trace (its tools/call, and the tool discovery before it).
    const traceIds = peer.received.map((headers) => String(headers.traceparent ?? "").split("-")[1]);
    expect(traceIds.length).toBeGreaterThan(0);
    expect(new Set(traceIds)).toEqual(new Set([mcpCall.traceId]));
  });
});
