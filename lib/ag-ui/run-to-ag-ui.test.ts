/**
 * The run → AG-UI mapping on recorded event sequences: every event it emits passes AG-UI's own schema, an agent's
 * streamed answer becomes one text message per model step, the gateway's calls become tool calls with results, each
 * node that ran is a step, and the run ends in RUN_FINISHED (success or cancelled) or RUN_ERROR with nothing left open.
 */
import { EventType, type AGUIEvent } from "@ag-ui/core";
import { EventSchema } from "@ag-ui/core/schemas";
import { describe, expect, it } from "vitest";
import type { RunEvent, RunEventInput } from "../runs/events";
import { RunToAgUi } from "./run-to-ag-ui";

const ids = { threadId: "thread-1", runId: "client-run-1", switchboardRunId: "sb-run" };

function mapAll(inputs: RunEventInput[]): AGUIEvent[] {
  const mapper = new RunToAgUi(ids, (nodeId) => `Label of ${nodeId}`);
  const events = inputs.map((input, index) => ({ ...input, runId: "sb-run", seq: index + 1, at: "" }) as RunEvent);
  const emitted = [...mapper.start(), ...events.flatMap((event) => mapper.map(event))];
  for (const event of emitted) expect(EventSchema.safeParse(event).error).toBeUndefined();
  return emitted;
}

const agentCallingATool: RunEventInput[] = [
  { type: "run.queued", payload: { workflowId: "w" } },
  { type: "run.started", payload: {} },
  { type: "node.started", payload: { nodeId: "lookup", mode: "tool" } },
  { type: "node.started", payload: { nodeId: "agent", mode: "normal" } },
  {
    type: "agent.step",
    payload: { nodeId: "agent", iteration: 1, text: "", toolCalls: 1, finishReason: "tool-calls" },
  },
  {
    type: "tool.call.started",
    payload: { nodeId: "agent", callId: "agent:call_1", toolName: "lookup", args: { q: "ada" }, iteration: 1 },
  },
  {
    type: "tool.call.completed",
    payload: {
      nodeId: "agent",
      callId: "agent:call_1",
      toolName: "lookup",
      args: { q: "ada" },
      result: "Ada Lovelace",
      isError: false,
      iteration: 1,
      durationMs: 3,
    },
  },
  { type: "agent.text", payload: { nodeId: "agent", iteration: 2, text: "Found " } },
  { type: "agent.text", payload: { nodeId: "agent", iteration: 2, text: "Ada" } },
  {
    type: "agent.step",
    payload: { nodeId: "agent", iteration: 2, text: "Found Ada Lovelace", toolCalls: 0, finishReason: "stop" },
  },
  { type: "llm.usage", payload: { nodeId: "agent", inputTokens: 10, outputTokens: 4, totalTokens: 14 } },
  { type: "node.completed", payload: { nodeId: "agent", output: { text: "Found Ada Lovelace" }, durationMs: 5 } },
  { type: "run.completed", payload: { output: { text: "Found Ada Lovelace" }, durationMs: 9 } },
];

describe("a run as AG-UI events", () => {
  it("an agent calling a tool: a step, the tool call with its result, the answer streamed, then RUN_FINISHED", () => {
    const events = mapAll(agentCallingATool);
    expect(events.map((event) => event.type)).toEqual([
      EventType.RUN_STARTED,
      EventType.STEP_STARTED,
      EventType.TOOL_CALL_START,
      EventType.TOOL_CALL_ARGS,
      EventType.TOOL_CALL_END,
      EventType.TOOL_CALL_RESULT,
      EventType.TEXT_MESSAGE_START,
      EventType.TEXT_MESSAGE_CONTENT,
      EventType.TEXT_MESSAGE_CONTENT,
      EventType.TEXT_MESSAGE_CONTENT,
      EventType.TEXT_MESSAGE_END,
      EventType.STEP_FINISHED,
      EventType.RUN_FINISHED,
    ]);
    expect(events[0]).toMatchObject({
      threadId: "thread-1",
      runId: "client-run-1",
      metadata: { switchboardRunId: "sb-run" },
    });
    expect(events[1]).toMatchObject({ stepName: "Label of agent" });
    expect(events[2]).toMatchObject({ toolCallId: "agent:call_1", toolCallName: "lookup" });
    expect(events[3]).toMatchObject({ delta: '{"q":"ada"}' });
    expect(events[5]).toMatchObject({ toolCallId: "agent:call_1", content: "Ada Lovelace" });
    const text = events.flatMap((event) => (event.type === EventType.TEXT_MESSAGE_CONTENT ? [event.delta] : []));
    // What streamed, then the rest of the step's text that had not.
    expect(text.join("")).toBe("Found Ada Lovelace");
    expect(events.at(-1)).toMatchObject({
      outcome: { type: "success" },
      result: { text: "Found Ada Lovelace" },
      usage: [{ inputTokens: 10, outputTokens: 4, totalTokens: 14 }],
    });
  });

  it("a run without a model node answers with its output as one message", () => {
    const events = mapAll([
      { type: "node.started", payload: { nodeId: "code", mode: "normal" } },
      { type: "node.completed", payload: { nodeId: "code", output: 42, durationMs: 1 } },
      { type: "run.completed", payload: { output: { total: 42 }, durationMs: 2 } },
    ]);
    expect(events.map((event) => event.type)).toEqual([
      EventType.RUN_STARTED,
      EventType.STEP_STARTED,
      EventType.STEP_FINISHED,
      EventType.TEXT_MESSAGE_START,
      EventType.TEXT_MESSAGE_CONTENT,
      EventType.TEXT_MESSAGE_END,
      EventType.RUN_FINISHED,
    ]);
    expect(events[4]).toMatchObject({ delta: '{"total":42}' });
  });

  it("a failed run closes its open message and step, then RUN_ERROR with the reason", () => {
    const events = mapAll([
      { type: "node.started", payload: { nodeId: "agent", mode: "normal" } },
      { type: "agent.text", payload: { nodeId: "agent", iteration: 1, text: "Half an" } },
      { type: "run.failed", payload: { error: "The model went away", nodeId: "agent" } },
    ]);
    expect(events.map((event) => event.type)).toEqual([
      EventType.RUN_STARTED,
      EventType.STEP_STARTED,
      EventType.TEXT_MESSAGE_START,
      EventType.TEXT_MESSAGE_CONTENT,
      EventType.TEXT_MESSAGE_END,
      EventType.STEP_FINISHED,
      EventType.RUN_ERROR,
    ]);
    expect(events.at(-1)).toMatchObject({ message: "The model went away" });
  });

  it("a cancelled run finishes with the cancelled outcome; a call seen only by its completion still opens first", () => {
    const events = mapAll([
      {
        type: "tool.call.completed",
        payload: {
          nodeId: "a",
          callId: "a:c",
          toolName: "t",
          args: {},
          result: { n: 1 },
          isError: true,
          iteration: 1,
          durationMs: 1,
        },
      },
      { type: "run.cancelled", payload: {} },
    ]);
    expect(events.map((event) => event.type)).toEqual([
      EventType.RUN_STARTED,
      EventType.TOOL_CALL_START,
      EventType.TOOL_CALL_ARGS,
      EventType.TOOL_CALL_END,
      EventType.TOOL_CALL_RESULT,
      EventType.RUN_FINISHED,
    ]);
    expect(events[4]).toMatchObject({ content: '{"n":1}' });
    expect(events.at(-1)).toMatchObject({ outcome: { type: "cancelled" } });
  });
});
