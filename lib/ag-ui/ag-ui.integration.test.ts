/**
 * A workflow driven by the AG-UI client package's HttpAgent over real HTTP (the real route, workers, gateway, Redis
 * and PostgreSQL): a scripted agent that calls a tool streams as RUN_STARTED, a step, the tool call and its result,
 * the answer as a text message and RUN_FINISHED, every event valid by AG-UI's schema; the client ends up with the
 * assistant's message and the tool's. The run is the published version, recorded as started from AG-UI; a plain
 * client gets SSE, a thread is a conversation a model with memory remembers, and a front-end that stops cancels the
 * run. A body that is not a RunAgentInput, a viewer and a never-published workflow are refused with the reason.
 */
import { HttpAgent } from "@ag-ui/client";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { EventSchema } from "@ag-ui/core/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { createWorkflow } from "../testing/exposed-workflows";
import { startFakeChatCompletions } from "../testing/fake-chat-completions";
import { graphEdge, graphNode } from "../testing/fixtures";
import { createTestAccount } from "../testing/test-accounts";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";

let stack: TestStack;
let workflowId = "";

const DOUBLER = {
  name: "AG-UI doubler",
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("agent", "core.agent", {
      label: "Doubler",
      params: {
        provider: "scripted",
        script: {
          toolCalls: [{ tool: "double", args: { input: 21 } }],
          finalText: "Twice 21 is {{results.0}}",
          streamDelayMs: 80,
        },
      },
    }),
    graphNode("double", "core.code", { label: "Double", mode: "tool", params: { code: "return input * 2;" } }),
  ],
  edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("double", "tool", "agent", "tools")],
};

const agentAt = (headers: Record<string, string>, id = workflowId) =>
  new HttpAgent({
    url: `${stack.url}/api/workflows/${id}/ag-ui`,
    headers,
    initialMessages: [{ id: "m1", role: "user", content: "Double 21, please" }],
  });

beforeAll(async () => {
  stack = await startTestStack();
  workflowId = await createWorkflow(stack, DOUBLER);
});
afterAll(() => stack?.close());

describe("a workflow as an AG-UI agent", () => {
  it("streams a tool-calling agent's run as AG-UI events the HttpAgent applies", async () => {
    const agent = agentAt(stack.account.headers);
    const events: BaseEvent[] = [];
    const { newMessages, result } = await agent.runAgent(
      { runId: "client-run-1" },
      { onEvent: ({ event }) => void events.push(event) },
    );
    for (const event of events) expect(EventSchema.safeParse(event).error).toBeUndefined();
    const types = events.map((event) => event.type);
    expect(types[0]).toBe(EventType.RUN_STARTED);
    expect(types.at(-1)).toBe(EventType.RUN_FINISHED);
    const order = (type: EventType) => types.indexOf(type);
    expect(order(EventType.STEP_STARTED)).toBeLessThan(order(EventType.TOOL_CALL_START));
    expect(order(EventType.TOOL_CALL_START)).toBeLessThan(order(EventType.TOOL_CALL_ARGS));
    expect(order(EventType.TOOL_CALL_END)).toBeLessThan(order(EventType.TOOL_CALL_RESULT));
    expect(order(EventType.TOOL_CALL_RESULT)).toBeLessThan(order(EventType.TEXT_MESSAGE_START));
    expect(types.lastIndexOf(EventType.TEXT_MESSAGE_END)).toBeLessThan(types.lastIndexOf(EventType.STEP_FINISHED));
    // Streamed a word at a time: several pieces, not one.
    expect(types.filter((type) => type === EventType.TEXT_MESSAGE_CONTENT).length).toBeGreaterThan(1);
    expect(events[0]).toMatchObject({ threadId: agent.threadId, runId: "client-run-1" });
    // Each node that ran is a step, named by its label.
    const steps = events.flatMap((event) => (event.type === EventType.STEP_STARTED ? [event.stepName] : []));
    expect(steps).toEqual(["entry", "Doubler"]);
    expect(events.find((event) => event.type === EventType.TOOL_CALL_START)).toMatchObject({
      toolCallId: "agent:call_1",
      toolCallName: "double",
    });

    const assistant = newMessages.filter((message) => message.role === "assistant");
    expect(assistant.map((message) => message.content).join("")).toContain("Twice 21 is");
    expect(assistant.some((message) => message.toolCalls?.[0]?.function.name === "double")).toBe(true);
    const toolMessage = newMessages.find((message) => message.role === "tool");
    expect(toolMessage).toMatchObject({ toolCallId: "agent:call_1", content: expect.stringContaining("42") });
    expect(result).toMatchObject({ text: expect.stringContaining("42") });

    const switchboardRunId = (events[0].metadata as { switchboardRunId: string }).switchboardRunId;
    const run = await getDb().run.findUniqueOrThrow({ where: { id: switchboardRunId } });
    expect(run).toMatchObject({ status: "completed", version: 1, trigger: { kind: "ag-ui" } });
  });

  it("answers a plain client (Accept: */*) with Server-Sent Events, not protobuf", async () => {
    const response = await stack.fetch(`/api/workflows/${workflowId}/ag-ui`, {
      method: "POST",
      body: JSON.stringify({ threadId: "t", runId: "r", messages: [{ id: "m", role: "user", content: "hi" }] }),
      headers: { accept: "*/*" },
    });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const text = await response.text();
    expect(text).toMatch(/^data: \{"type":"RUN_STARTED"/);
    expect(text).toContain('"type":"RUN_FINISHED"');
  });

  it("a front-end that stops (HttpAgent.abortRun) cancels the run", async () => {
    const slow = await createWorkflow(stack, {
      name: "AG-UI slow",
      nodes: [graphNode("entry", "core.entry"), graphNode("pause", "core.wait", { params: { seconds: 20 } })],
      edges: [graphEdge("entry", "output", "pause", "input")],
    });
    const agent = agentAt(stack.account.headers, slow);
    let runId = "";
    await agent.runAgent(undefined, {
      onRunStartedEvent: ({ event }) => {
        runId = (event.metadata as { switchboardRunId: string }).switchboardRunId;
        setTimeout(() => agent.abortRun(), 300);
      },
    });
    expect(runId).not.toBe("");
    await waitFor(
      "the run to be cancelled",
      async () => ((await getDb().run.findUnique({ where: { id: runId } }))?.status === "cancelled" ? true : undefined),
      10_000,
    );
  });

  it("a thread is a conversation: a model node with memory remembers the thread's earlier turns, and no other's", async () => {
    type Received = { role: string; content?: unknown }[];
    const llm = await startFakeChatCompletions((body) => {
      const heard = (body.messages as Received).filter((m) => m.role === "user").map((m) => String(m.content));
      return { text: `heard ${heard.join(" | ")}` };
    });
    try {
      const remembering = await createWorkflow(stack, {
        name: "AG-UI memory",
        nodes: [
          graphNode("entry", "core.entry"),
          graphNode("agent", "core.agent", {
            params: { provider: "openai-compatible", baseUrl: llm.baseUrl, model: "m", systemPrompt: "", memory: true },
          }),
        ],
        edges: [graphEdge("entry", "output", "agent", "input")],
      });
      const say = async (threadId: string, content: string) => {
        const agent = new HttpAgent({
          url: `${stack.url}/api/workflows/${remembering}/ag-ui`,
          headers: stack.account.headers,
          threadId,
          initialMessages: [{ id: content, role: "user", content }],
        });
        return (await agent.runAgent()).result;
      };
      expect(await say("thread-a", "my name is Ada")).toMatchObject({ text: "heard my name is Ada" });
      expect(await say("thread-a", "what is my name?")).toMatchObject({
        text: "heard my name is Ada | what is my name?",
      });
      expect(await say("thread-b", "who am I?")).toMatchObject({ text: "heard who am I?" });
    } finally {
      await llm.close();
    }
  });

  it("refuses a body that is not a RunAgentInput, naming the field, and one without a user message", async () => {
    const post = (body: unknown) =>
      stack.fetch(`/api/workflows/${workflowId}/ag-ui`, { method: "POST", body: JSON.stringify(body) });
    const noThread = await post({ runId: "r", messages: [] });
    expect(noThread.status).toBe(400);
    expect(((await noThread.json()) as { error: string }).error).toContain("threadId");
    const silent = await post({ threadId: "t", runId: "r", messages: [{ id: "a", role: "assistant", content: "hi" }] });
    expect(silent.status).toBe(400);
    expect(((await silent.json()) as { error: string }).error).toContain("user message");
  });

  it("a viewer's HttpAgent fails with 403; a never-published workflow with 409", async () => {
    const viewer = await createTestAccount("viewer");
    await expect(agentAt(viewer.headers).runAgent()).rejects.toThrow(/403/);
    const draftOnly = await createWorkflow(stack, { ...DOUBLER, name: "AG-UI draft", publish: false });
    await expect(agentAt(stack.account.headers, draftOnly).runAgent()).rejects.toThrow(/409/);
  });
});
