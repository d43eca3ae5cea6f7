/** What the run view shows, checked against event sequences the worker really records. */
import { describe, expect, it } from "vitest";
import type { RunEvent, RunEventInput } from "@/lib/runs/events";
import { deriveRunState } from "./derive-run-state";

const agents = new Set(["agent"]);

/** Stamps events with seq and a time one second apart, as the recorder does. */
function recorded(...inputs: RunEventInput[]): RunEvent[] {
  return inputs.map(
    (input, i) =>
      ({
        ...input,
        runId: "run-1",
        seq: i + 1,
        at: new Date(Date.UTC(2025, 0, 1, 12, 0, i)).toISOString(),
      }) as RunEvent,
  );
}

const upToToolCall: RunEventInput[] = [
  { type: "run.queued", payload: { workflowId: "wf" } },
  { type: "run.started", payload: {} },
  { type: "node.started", payload: { nodeId: "entry", mode: "normal" } },
  { type: "node.completed", payload: { nodeId: "entry", output: { output: "hi" }, durationMs: 2 } },
  { type: "node.started", payload: { nodeId: "http", mode: "tool" } },
  {
    type: "tool.registered",
    payload: { nodeId: "http", toolName: "http_request", kind: "component", description: "Make an HTTP request" },
  },
  { type: "node.completed", payload: { nodeId: "http", output: { tool: "http_request" }, durationMs: 5 } },
  { type: "node.started", payload: { nodeId: "agent", mode: "normal" } },
  {
    type: "tool.call.started",
    payload: { nodeId: "agent", callId: "c1", toolName: "http_request", args: { url: "/api/health" }, iteration: 1 },
  },
];

const toolAnswered: RunEventInput = {
  type: "tool.call.completed",
  payload: {
    nodeId: "agent",
    callId: "c1",
    toolName: "http_request",
    args: { url: "/api/health" },
    result: '{"status":200}',
    isError: false,
    iteration: 1,
    durationMs: 42,
  },
};

const finished: RunEventInput[] = [
  toolAnswered,
  {
    type: "agent.step",
    payload: { nodeId: "agent", iteration: 1, text: "", toolCalls: 1, finishReason: "tool-calls" },
  },
  { type: "llm.usage", payload: { nodeId: "agent", inputTokens: 100, outputTokens: 20, totalTokens: 120 } },
  {
    type: "node.completed",
    payload: { nodeId: "agent", output: { text: "Health says: ok", toolCalls: [] }, durationMs: 80 },
  },
  { type: "run.completed", payload: { output: { text: "Health says: ok" }, durationMs: 1234 } },
];

describe("deriveRunState", () => {
  it("keeps an MCP node whose server was unavailable failed, though its node.completed follows", () => {
    const events = recorded(
      { type: "node.started", payload: { nodeId: "mcp", mode: "tool" } },
      { type: "tool.unavailable", payload: { nodeId: "mcp", toolName: "files", error: "spawn ENOENT" } },
      { type: "node.completed", payload: { nodeId: "mcp", output: { tools: [] }, durationMs: 5 } },
      { type: "node.started", payload: { nodeId: "grp", mode: "tool" } },
      { type: "tool.unavailable", payload: { nodeId: "grp-b", toolName: "b", error: "refused" } },
      { type: "node.completed", payload: { nodeId: "grp", output: {}, durationMs: 5 } },
    );
    const state = deriveRunState(events, { initialStatus: "running", agentNodeIds: new Set() });
    expect(state.nodeStatuses.mcp).toBe("failed");
    expect(state.nodeStatuses.grp).toBe("failed");
  });

  it("ties an MCP tool's calls ({source}__{tool}) to the MCP node that registered the source", () => {
    const events = recorded(
      {
        type: "tool.registered",
        payload: { nodeId: "mcp", toolName: "everything", kind: "local-mcp", description: "echo" },
      },
      {
        type: "tool.call.started",
        payload: { nodeId: "agent", callId: "c1", toolName: "everything__echo", args: { message: "hi" }, iteration: 1 },
      },
    );
    const state = deriveRunState(events, { initialStatus: "running", agentNodeIds: agents });
    expect(state.toolCalls).toEqual([expect.objectContaining({ toolName: "everything__echo", toolNodeId: "mcp" })]);
    expect(state.nodeStatuses.mcp).toBe("running");
  });

  it("before any event, shows the status stored on the run", () => {
    const state = deriveRunState([], { initialStatus: "running" });
    expect(state.status).toBe("running");
    expect(state.toolCalls).toEqual([]);
    expect(state.finalAnswer).toBeNull();
  });

  it("while a tool call is out, shows it running, and the tool node and agent as running", () => {
    const state = deriveRunState(recorded(...upToToolCall), { agentNodeIds: agents });
    expect(state.status).toBe("running");
    expect(state.nodeStatuses).toEqual({ entry: "completed", http: "running", agent: "running" });
    expect(state.toolCalls).toEqual([
      expect.objectContaining({
        callId: "c1",
        toolName: "http_request",
        toolNodeId: "http",
        args: { url: "/api/health" },
        state: "running",
      }),
    ]);
    expect(state.toolCalls[0].result).toBeUndefined();
  });

  it("after the call answers, shows its result and duration, and the tool node back to registered", () => {
    const state = deriveRunState(recorded(...upToToolCall, toolAnswered), { agentNodeIds: agents });
    expect(state.toolCalls[0]).toMatchObject({
      state: "finished",
      result: '{"status":200}',
      durationMs: 42,
      isError: false,
    });
    expect(state.nodeStatuses.http).toBe("registered");
  });

  it("a completed run has the agent's answer, its duration, token usage and every node done", () => {
    const state = deriveRunState(recorded(...upToToolCall, ...finished), { agentNodeIds: agents });
    expect(state.status).toBe("completed");
    expect(state.finalAnswer).toEqual({ text: "Health says: ok", nodeId: "agent" });
    expect(state.durationMs).toBe(1234);
    expect(state.startedAt).toBe("2025-01-01T12:00:01.000Z");
    expect(state.usage).toEqual({ inputTokens: 100, outputTokens: 20, totalTokens: 120 });
    expect(state.nodeStatuses).toEqual({ entry: "completed", http: "registered", agent: "completed" });
  });

  it("says which limit forced the agent's answer, and nothing when the agent answered by itself", () => {
    const forced: RunEventInput[] = [
      toolAnswered,
      {
        type: "agent.step",
        payload: {
          nodeId: "agent",
          iteration: 2,
          text: "Out of tokens",
          toolCalls: 0,
          finishReason: "stop",
          stopReason: "token budget",
        },
      },
      {
        type: "node.completed",
        payload: { nodeId: "agent", output: { text: "Out of tokens", stopReason: "token budget" }, durationMs: 80 },
      },
    ];
    expect(deriveRunState(recorded(...upToToolCall, ...forced), { agentNodeIds: agents }).finalAnswer).toEqual({
      text: "Out of tokens",
      nodeId: "agent",
      stopReason: "token budget",
    });
    const answered = forced.map((event) =>
      event.type === "node.completed"
        ? { ...event, payload: { ...event.payload, output: { text: "Fine", stopReason: "answered" } } }
        : event,
    );
    expect(deriveRunState(recorded(...upToToolCall, ...answered), { agentNodeIds: agents }).finalAnswer).toEqual({
      text: "Fine",
      nodeId: "agent",
    });
  });

  it("answers with the run's own output when its Output nodes made something else of the agent's answer", () => {
    const shaped = finished.map((event) =>
      event.type === "run.completed" ? { ...event, payload: { ...event.payload, output: "Oslo" } } : event,
    );
    expect(deriveRunState(recorded(...upToToolCall, ...shaped), { agentNodeIds: agents }).finalAnswer).toEqual({
      text: "Oslo",
      nodeId: undefined,
    });
  });

  it("falls back to the run's output for the answer when no agent node is known", () => {
    const state = deriveRunState(recorded(...upToToolCall, ...finished));
    expect(state.finalAnswer).toEqual({ text: "Health says: ok", nodeId: undefined });
  });

  it("a failed run names the failing node, marks it failed and stops the spinners", () => {
    const state = deriveRunState(
      recorded(
        ...upToToolCall,
        { type: "node.failed", payload: { nodeId: "agent", error: "model exploded" } },
        { type: "run.failed", payload: { error: "model exploded", nodeId: "agent" } },
      ),
      { agentNodeIds: agents },
    );
    expect(state.status).toBe("failed");
    expect(state.failure).toEqual({ message: "model exploded", nodeId: "agent" });
    expect(state.nodeStatuses).toEqual({ entry: "completed", http: "registered", agent: "failed" });
    expect(state.toolCalls[0].state).toBe("abandoned");
    expect(state.finalAnswer).toBeNull();
    expect(state.durationMs).toBe(9_000);
  });

  it("keeps a tool error as an error on its call, not a failed run", () => {
    const state = deriveRunState(
      recorded(...upToToolCall, {
        ...toolAnswered,
        payload: { ...toolAnswered.payload, result: "HTTP 500", isError: true },
      } as RunEventInput),
      { agentNodeIds: agents },
    );
    expect(state.toolCalls[0]).toMatchObject({ isError: true, result: "HTTP 500", state: "finished" });
    expect(state.status).toBe("running");
    expect(state.failure).toBeNull();
  });

  it("marks a tool that could not register as failed", () => {
    const state = deriveRunState(
      recorded(
        { type: "run.started", payload: {} },
        { type: "node.started", payload: { nodeId: "mcp", mode: "tool" } },
        { type: "tool.unavailable", payload: { nodeId: "mcp", toolName: "files", error: "server did not start" } },
      ),
    );
    expect(state.nodeStatuses.mcp).toBe("failed");
  });

  it("shows the arguments a person edited while approving a call, beside what the agent asked", () => {
    const approved = (args: unknown): RunEventInput => ({
      type: "tool.approval.decided",
      payload: { nodeId: "agent", callId: "c1", toolName: "http_request", decision: "approved", by: "person", args },
    });
    const edited = deriveRunState(recorded(...upToToolCall, approved({ url: "/api/ready" }), toolAnswered), {
      agentNodeIds: agents,
    });
    expect(edited.toolCalls[0]).toMatchObject({ args: { url: "/api/health" }, editedArgs: { url: "/api/ready" } });
    const unchanged = deriveRunState(recorded(...upToToolCall, approved({ url: "/api/health" }), toolAnswered), {
      agentNodeIds: agents,
    });
    expect(unchanged.toolCalls[0].editedArgs).toBeUndefined();
  });

  it("shows an answer streaming in until its step is recorded, and only the latest step's text", () => {
    const text = (iteration: number, piece: string): RunEventInput => ({
      type: "agent.text",
      payload: { nodeId: "agent", iteration, text: piece },
    });
    const writing = deriveRunState(recorded(...upToToolCall, toolAnswered, text(2, "The server "), text(2, "is")), {
      agentNodeIds: agents,
    });
    expect(writing.streaming).toEqual({ nodeId: "agent", text: "The server is" });
    const step = (iteration: number): RunEventInput => ({
      type: "agent.step",
      payload: { nodeId: "agent", iteration, text: "The server is up.", toolCalls: 0, finishReason: "stop" },
    });
    expect(
      deriveRunState(recorded(...upToToolCall, toolAnswered, text(2, "The server "), step(2)), { agentNodeIds: agents })
        .streaming,
    ).toBeNull();
    expect(
      deriveRunState(recorded(...upToToolCall, text(1, "old"), step(1), text(2, "new")), { agentNodeIds: agents })
        .streaming,
    ).toEqual({ nodeId: "agent", text: "new" });
  });

  it("a cancelled run leaves no node spinning", () => {
    const state = deriveRunState(recorded(...upToToolCall, { type: "run.cancelled", payload: {} }), {
      agentNodeIds: agents,
    });
    expect(state.status).toBe("cancelled");
    expect(Object.values(state.nodeStatuses)).not.toContain("running");
    // The agent was running when Cancel came: it says so, rather than showing no state at all.
    expect(state.nodeStatuses).toMatchObject({ entry: "completed", agent: "cancelled" });
  });

  it("a failed run leaves no node spinning and calls none of them cancelled", () => {
    const state = deriveRunState(
      recorded(...upToToolCall, { type: "run.failed", payload: { error: "worker stopped" } }),
      { agentNodeIds: agents },
    );
    expect(state.nodeStatuses.agent).toBeUndefined();
  });

  it("keeps the Loop item a call was made for", () => {
    const loopCall: RunEventInput = {
      ...toolAnswered,
      payload: { ...toolAnswered.payload, item: 2 },
    } as RunEventInput;
    const state = deriveRunState(recorded(...upToToolCall, loopCall), { agentNodeIds: agents });
    expect(state.toolCalls[0]).toMatchObject({ item: 2, iteration: 1 });
  });

  it("marks an agent that finished after a failed tool call, and the tool, as having tool errors", () => {
    const failedCall: RunEventInput = {
      ...toolAnswered,
      payload: { ...toolAnswered.payload, result: "roots: /nowhere does not exist", isError: true },
    } as RunEventInput;
    const state = deriveRunState(recorded(...upToToolCall, failedCall, ...finished.slice(1)), { agentNodeIds: agents });
    expect(state.status).toBe("completed");
    expect(state.nodeStatuses).toMatchObject({ entry: "completed", agent: "warning", http: "warning" });
    const clean = deriveRunState(recorded(...upToToolCall, ...finished), { agentNodeIds: agents });
    expect(clean.nodeStatuses).toMatchObject({ agent: "completed", http: "registered" });
  });
});
