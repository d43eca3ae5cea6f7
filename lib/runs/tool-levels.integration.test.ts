/**
 * The three levels of tool use, as real runs through the real gateway: a Tool Call node with
 * templated arguments (no model), an LLM node that calls a tool once, and agents whose loop
 * runs built-in tools — two agents in one workflow, each seeing only its own tools.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { putSecret } from "../secrets/secret-store";
import { startFakeAnthropicMessages } from "../testing/fake-anthropic-messages";
import { startFakeChatCompletions } from "../testing/fake-chat-completions";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { runWorkflowToEnd } from "../testing/run-workflow";
import type { WorkflowGraph } from "../workflow/graph";
import type { RunEvent } from "./events";
import { listEvents } from "./read-events";

let stack: TestStack;
let dir: string;

beforeAll(async () => {
  stack = await startTestStack();
  dir = await mkdtemp(path.join(tmpdir(), "sb-levels-"));
  await mkdir(path.join(dir, "docs"));
  await writeFile(path.join(dir, "docs", "plan.txt"), "ship on friday");
});
afterAll(async () => {
  await stack.close();
  await rm(dir, { recursive: true, force: true });
});

async function runWorkflow(graph: WorkflowGraph, input?: unknown) {
  const { runId, result } = await runWorkflowToEnd(stack, graph, input);
  return { runId, result, events: await listEvents(runId) };
}

const payloads = (events: RunEvent[], type: RunEvent["type"], nodeId?: string) =>
  events
    .filter((e) => e.type === type && (!nodeId || (e.payload as { nodeId?: string }).nodeId === nodeId))
    .map((e) => e.payload as Record<string, unknown>);

describe("level 1: Tool Call", () => {
  it("calls the wired tool with arguments filled from upstream outputs, and hands on its result", async () => {
    const graph: WorkflowGraph = {
      nodes: [
        graphNode("entry", "core.entry", { label: "Entry" }),
        graphNode("call", "core.tool.call", {
          label: "Check",
          params: { args: { url: "/api/health?ip={{entry.ip}}" } },
        }),
        graphNode("http", "core.http.request", { label: "HTTP Request", mode: "tool" }),
      ],
      edges: [graphEdge("http", "tool", "call", "tools")],
    };
    const { result, events } = await runWorkflow(graph, { ip: "10.1.2.3" });
    expect(result.error).toBeNull();
    expect(result.output).toEqual({ result: { status: 200, body: expect.objectContaining({ status: "ok" }) } });
    expect(payloads(events, "tool.call.completed", "call")).toEqual([
      expect.objectContaining({ toolName: "http_request", args: { url: "/api/health?ip=10.1.2.3" }, isError: false }),
    ]);
  });

  it("fails the node, naming the field, when the tool is not one of the wired ones", async () => {
    const graph: WorkflowGraph = {
      nodes: [
        graphNode("call", "core.tool.call", { params: { tool: "fs_read", args: {} } }),
        graphNode("http", "core.http.request", { label: "HTTP Request", mode: "tool" }),
      ],
      edges: [graphEdge("http", "tool", "call", "tools")],
    };
    const { result, events } = await runWorkflow(graph);
    expect(result.status).toBe("failed");
    expect(result.error).toContain('tool: "fs_read" is not one of the wired tools (http_request)');
    expect(payloads(events, "node.failed")).toEqual([expect.objectContaining({ nodeId: "call" })]);
  });
});

describe("level 2: LLM", () => {
  it("makes one model call, runs the tool it asked for once, and appends the result", async () => {
    const llm = await startFakeChatCompletions([
      { toolCall: { name: "fs_read", arguments: { path: "docs/plan.txt" } } },
      { text: "never asked" },
    ]);
    try {
      const graph: WorkflowGraph = {
        nodes: [
          graphNode("entry", "core.entry"),
          graphNode("llm", "core.llm", {
            params: {
              provider: "openai-compatible",
              baseUrl: llm.baseUrl,
              model: "gpt-test",
              prompt: "Summarise: {{input}}",
            },
          }),
          graphNode("files", "core.fs.read", { label: "Read File", mode: "tool", params: { roots: dir } }),
        ],
        edges: [graphEdge("entry", "output", "llm", "input"), graphEdge("files", "tool", "llm", "tools")],
      };
      const { result, events } = await runWorkflow(graph, "the plan");
      expect(result.error).toBeNull();
      expect(llm.received).toHaveLength(1);
      expect(llm.received[0].body.messages.at(-1)).toMatchObject({ role: "user", content: "Summarise: the plan" });
      const output = result.output as {
        text: string;
        toolCalls: { toolName: string; isError: boolean }[];
        usage: { totalTokens: number };
      };
      expect(output.text).toContain("ship on friday");
      expect(output.toolCalls).toEqual([
        expect.objectContaining({ toolName: "fs_read", isError: false, iteration: 1 }),
      ]);
      expect(output.usage.totalTokens).toBe(25);
      expect(payloads(events, "agent.step", "llm")).toHaveLength(1);
    } finally {
      llm.close();
    }
  });
});

describe("level 3: Agent", () => {
  it("loops with Anthropic over built-in tools: a refused path goes back as an error and the agent goes on", async () => {
    await putSecret("LEVELS_ANTHROPIC_KEY", "sk-ant-levels");
    const model = await startFakeAnthropicMessages([
      { toolCall: { name: "fs_read", arguments: { path: "../etc/passwd" } } },
      { toolCall: { name: "fs_read", arguments: { path: "docs/plan.txt" } } },
      { toolCall: { name: "fs_write", arguments: { path: "out/answer.txt", content: "friday" } } },
      { toolCall: { name: "shell_exec", arguments: { command: "cat", args: [path.join(dir, "out", "answer.txt")] } } },
      { text: "We ship on friday." },
    ]);
    try {
      const graph: WorkflowGraph = {
        nodes: [
          graphNode("entry", "core.entry"),
          graphNode("agent", "core.agent", {
            params: {
              provider: "anthropic",
              anthropicBaseUrl: model.baseUrl,
              model: "claude-test",
              apiKey: { $secret: "LEVELS_ANTHROPIC_KEY" },
              maxIterations: 6,
            },
          }),
          graphNode("read", "core.fs.read", { label: "Read File", mode: "tool", params: { roots: dir } }),
          graphNode("write", "core.fs.write", { label: "Write File", mode: "tool", params: { roots: dir } }),
          graphNode("shell", "core.shell.exec", {
            label: "Run Command",
            mode: "tool",
            params: { allowedCommands: "cat", roots: dir },
          }), // a box sees only its roots
        ],
        edges: [
          graphEdge("entry", "output", "agent", "input"),
          graphEdge("read", "tool", "agent", "tools"),
          graphEdge("write", "tool", "agent", "tools"),
          graphEdge("shell", "tool", "agent", "tools"),
        ],
      };
      const { result, events } = await runWorkflow(graph, "When do we ship?");
      expect(result.error).toBeNull();
      const output = result.output as {
        text: string;
        iterations: number;
        usage: Record<string, number>;
        toolCalls: { toolName: string; isError: boolean; iteration: number; result: string }[];
      };
      expect(output.text).toBe("We ship on friday.");
      expect(output.iterations).toBe(5);
      expect(output.usage).toEqual({ inputTokens: 150, outputTokens: 35, totalTokens: 185 });
      expect(output.toolCalls.map((c) => [c.toolName, c.isError, c.iteration])).toEqual([
        ["fs_read", true, 1],
        ["fs_read", false, 2],
        ["fs_write", false, 3],
        ["shell_exec", false, 4],
      ]);
      expect(output.toolCalls[0].result).toContain('contains ".."');
      expect(output.toolCalls[3].result).toContain("friday");
      expect(await readFile(path.join(dir, "out", "answer.txt"), "utf8")).toBe("friday");

      expect(model.received[0].apiKey).toBe("sk-ant-levels");
      expect(model.received[0].body.tools?.map((t) => t.name).sort()).toEqual(["fs_read", "fs_write", "shell_exec"]);
      const errorResult = model.received[1].body.messages
        .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
        .find((b) => b.type === "tool_result");
      expect(errorResult).toMatchObject({ is_error: true });
      expect(payloads(events, "agent.step", "agent").map((s) => s.iteration)).toEqual([1, 2, 3, 4, 5]);
      expect(JSON.stringify(events)).not.toContain("sk-ant-levels");
      // The provider's warning about an unknown model, once for the node, though each of its five calls had it.
      expect(payloads(events, "log", "agent").filter((line) => line.level === "warn")).toEqual([
        {
          level: "warn",
          nodeId: "agent",
          message:
            'The model uses maxOutputTokens in a compatibility mode: The model "claude-test" is unknown. The max ' +
            "output tokens have been limited to 128000. Set maxOutputTokens explicitly to override this limit.",
        },
      ]);
    } finally {
      model.close();
    }
  });

  it("forces a final answer at maxIterations", async () => {
    const graph: WorkflowGraph = {
      nodes: [
        graphNode("agent", "core.agent", {
          params: {
            maxIterations: 2,
            script: {
              toolCalls: Array.from({ length: 5 }, () => ({ tool: "http_request", args: { url: "/api/health" } })),
              finalText: "Stopped after {{results.last}}",
            },
          },
        }),
        graphNode("http", "core.http.request", { label: "HTTP Request", mode: "tool" }),
      ],
      edges: [graphEdge("http", "tool", "agent", "tools")],
    };
    const { result } = await runWorkflow(graph);
    const output = result.output as { text: string; iterations: number; toolCalls: unknown[] };
    expect(output.iterations).toBe(3);
    expect(output.toolCalls).toHaveLength(2);
    expect(output.text).toContain('Stopped after {"status":200');
    expect(output).toMatchObject({ stopReason: "max iterations" });
  });

  it("forces a final answer once the agent's token budget is spent, and records why", async () => {
    const graph: WorkflowGraph = {
      nodes: [
        graphNode("agent", "core.agent", {
          params: {
            tokenBudget: 150,
            script: {
              toolCalls: Array.from({ length: 5 }, () => ({ tool: "http_request", args: { url: "/api/health" } })),
              finalText: "Budget spent",
              usagePerCall: { inputTokens: 50, outputTokens: 25 },
            },
          },
        }),
        graphNode("http", "core.http.request", { label: "HTTP Request", mode: "tool" }),
      ],
      edges: [graphEdge("http", "tool", "agent", "tools")],
    };
    const { result, events } = await runWorkflow(graph);
    // 75, 150 (not more than the budget), 225: the third step's call ran, the fourth answered without tools.
    expect(result.output).toMatchObject({
      text: "Budget spent",
      iterations: 4,
      stopReason: "token budget",
      usage: { totalTokens: 300 },
    });
    expect((result.output as { toolCalls: unknown[] }).toolCalls).toHaveLength(3);
    expect(payloads(events, "agent.step", "agent").map((step) => step.stopReason)).toEqual([
      undefined,
      undefined,
      undefined,
      "token budget",
    ]);
    expect(payloads(events, "llm.usage", "agent")).toEqual([
      expect.objectContaining({ totalTokens: 300, tokenBudget: 150 }),
    ]);
  });

  it("gives two agents in one workflow only their own tools", async () => {
    const modelA = await startFakeChatCompletions([
      { toolCall: { name: "fs_read", arguments: { path: "docs/plan.txt" } } },
      { text: "A done" },
    ]);
    const modelB = await startFakeChatCompletions([
      { toolCall: { name: "fs_read", arguments: { path: "docs/plan.txt" } } },
      { text: "B done" },
    ]);
    try {
      const openai = (baseUrl: string) => ({ provider: "openai-compatible", baseUrl, model: "gpt-test" });
      const graph: WorkflowGraph = {
        nodes: [
          graphNode("a", "core.agent", { params: openai(modelA.baseUrl) }),
          graphNode("b", "core.agent", { params: openai(modelB.baseUrl) }),
          graphNode("read", "core.fs.read", { label: "Read File", mode: "tool", params: { roots: dir } }),
          graphNode("http", "core.http.request", { label: "HTTP Request", mode: "tool" }),
          graphNode("shell", "core.shell.exec", {
            label: "Run Command",
            mode: "tool",
            params: { allowedCommands: "echo" },
          }),
        ],
        edges: [
          graphEdge("read", "tool", "a", "tools"),
          graphEdge("http", "tool", "b", "tools"),
          graphEdge("shell", "tool", "b", "tools"),
        ],
      };
      const { result, events } = await runWorkflow(graph);
      expect(result.error).toBeNull();
      expect(modelA.received[0].body.tools?.map((t) => t.function.name)).toEqual(["fs_read"]);
      expect(modelB.received[0].body.tools?.map((t) => t.function.name).sort()).toEqual(["http_request", "shell_exec"]);
      // B asked for A's tool anyway: it never ran for B, B heard back an error, and the gateway recorded the attempt as
      // blocked.
      expect(payloads(events, "tool.call.completed", "a")).toEqual([
        expect.objectContaining({ toolName: "fs_read", isError: false }),
      ]);
      expect(payloads(events, "tool.call.completed", "b")).toEqual([
        expect.objectContaining({ toolName: "fs_read", isError: true, result: expect.stringMatching(/^Blocked: /) }),
      ]);
      expect(payloads(events, "tool.call.blocked", "b")).toEqual([
        expect.objectContaining({ toolName: "fs_read", reason: expect.stringContaining("not wired to it") }),
      ]);
      const bToolMessage = modelB.received[1].body.messages.find((m) => m.role === "tool");
      expect(String(bToolMessage?.content)).toMatch(/fs_read/);
      expect(String(bToolMessage?.content)).not.toContain("ship on friday");
      expect(result.output).toMatchObject({ a: { text: "A done" }, b: { text: "B done" } });
    } finally {
      modelA.close();
      modelB.close();
    }
  });
});
