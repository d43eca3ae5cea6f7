import { describe, expect, it } from "vitest";
import type { RunEvent } from "@/lib/runs/events";
import { debugLines } from "./debug-lines";

let seq = 0;
const event = (input: Pick<RunEvent, "type" | "payload">): RunEvent =>
  ({ ...input, runId: "r", seq: ++seq, at: `2026-11-25T10:00:0${seq}.000Z` }) as RunEvent;

describe("debugLines", () => {
  it("tells how the context was built and torn down, and leaves the model's own steps out", () => {
    const lines = debugLines([
      event({ type: "run.started", payload: {} }),
      event({
        type: "tool.registered",
        payload: {
          nodeId: "fs",
          toolName: "files",
          kind: "local-mcp",
          description: "MCP server (stdio: node): files__read, files__write, files__list, files__stat, files__move",
        },
      }),
      event({
        type: "tool.registered",
        payload: { nodeId: "w", toolName: "wait", kind: "component", description: "Waits" },
      }),
      event({
        type: "log",
        payload: {
          level: "info",
          nodeId: "agent",
          message: "Memory loaded: 2 earlier turns of the conversation (window 2)",
        },
      }),
      event({ type: "agent.text", payload: { nodeId: "agent", iteration: 1, text: "Hel" } }),
      event({
        type: "tool.call.started",
        payload: { nodeId: "agent", callId: "agent:c1", toolName: "wait", args: {}, iteration: 1 },
      }),
      event({
        type: "log",
        payload: { level: "warn", message: "Teardown forced after 5 s: 1 tool call (wait) still running" },
      }),
      event({
        type: "tool.teardown",
        payload: { nodeId: "fs", toolName: "files", detail: "client closed, process group 42 killed" },
      }),
      event({ type: "run.cancelled", payload: {} }),
    ]);
    expect(lines.map(({ level, text }) => `${level}: ${text}`)).toEqual([
      "info: Building the agent's context",
      "info: MCP server files spawned and its tools registered — MCP server (stdio: node), 5 tools: files__read, " +
        "files__write, files__list, files__stat and 1 more",
      "info: Tool wait registered (component)",
      "info: Memory loaded: 2 earlier turns of the conversation (window 2)",
      "info: Tool call wait started",
      "warn: Teardown forced after 5 s: 1 tool call (wait) still running",
      "info: files closed: client closed, process group 42 killed",
      "warn: Stopped; context torn down",
    ]);
    expect(lines[0].at).toBe("2026-11-25T10:00:01.000Z");
  });
});
