/** The run view's Sources, from the events a run with knowledge searches really records. */
import { describe, expect, it } from "vitest";
import type { RunEvent, RunEventInput } from "@/lib/runs/events";
import { deriveCitations } from "./derive-citations";
import { deriveRunState } from "./derive-run-state";

const recorded = (...inputs: RunEventInput[]): RunEvent[] =>
  inputs.map(
    (input, i) =>
      ({
        ...input,
        runId: "run-1",
        seq: i + 1,
        at: new Date(Date.UTC(2025, 0, 1, 12, 0, i)).toISOString(),
      }) as RunEvent,
  );

const chunk = { document: "office.txt", documentId: "d1", chunk: 2, score: 0.83, text: "Descaled every Friday." };
const cited = { document: "office.txt", chunk: 2, score: 0.83, text: "Descaled every Friday." };
const search = { chunks: [chunk], text: "[1] office.txt, chunk 2 (score 0.83):\nDescaled every Friday." };

const events = recorded(
  { type: "node.started", payload: { nodeId: "kb", mode: "tool" } },
  {
    type: "tool.registered",
    payload: { nodeId: "kb", toolName: "policies", kind: "knowledge", description: "Search" },
  },
  { type: "node.completed", payload: { nodeId: "kb", output: { tool: "policies" }, durationMs: 1 } },
  { type: "node.started", payload: { nodeId: "agent", mode: "normal" } },
  {
    type: "tool.call.started",
    payload: { nodeId: "agent", callId: "c1", toolName: "policies", args: { query: "descaling" }, iteration: 1 },
  },
  {
    type: "tool.call.completed",
    payload: {
      nodeId: "agent",
      callId: "c1",
      toolName: "policies",
      args: { query: "descaling" },
      result: JSON.stringify(search),
      isError: false,
      iteration: 1,
      durationMs: 40,
    },
  },
  { type: "node.completed", payload: { nodeId: "lookup", output: search, durationMs: 30 } },
  { type: "node.completed", payload: { nodeId: "other", output: search, durationMs: 30 } },
);

describe("deriveCitations", () => {
  it("lists each search's chunks: an agent's tool call through a Knowledge Search node, and the node run alone", () => {
    const { toolCalls } = deriveRunState(events, { agentNodeIds: new Set(["agent"]) });
    const groups = deriveCitations(toolCalls, events, new Set(["kb", "lookup"]));
    expect(groups).toEqual([
      { key: "c1", searchNodeId: "kb", agentNodeId: "agent", query: "descaling", chunks: [cited] },
      { key: "node:7", searchNodeId: "lookup", chunks: [cited] },
    ]);
  });

  it("cites nothing for a failed search or a node that is not a Knowledge Search", () => {
    const failed = events.map((event) =>
      event.type === "tool.call.completed"
        ? ({ ...event, payload: { ...event.payload, isError: true, result: "Blocked" } } as RunEvent)
        : event,
    );
    const { toolCalls } = deriveRunState(failed, { agentNodeIds: new Set(["agent"]) });
    expect(deriveCitations(toolCalls, failed, new Set(["kb"]))).toEqual([]);
  });
});
