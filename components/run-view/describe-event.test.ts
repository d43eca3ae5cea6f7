/**
 * Timeline lines: an agent's steps and usage (a forced last step says which limit forced it), and log lines by level.
 */
import { describe, expect, it } from "vitest";
import type { RunEvent } from "@/lib/runs/events";
import { describeEvent } from "./describe-event";

const at = (event: Pick<RunEvent, "type" | "payload">): RunEvent =>
  ({ ...event, runId: "run-1", seq: 1, at: "2025-01-01T12:00:00.000Z" }) as RunEvent;
const labelOf = (nodeId: string) => (nodeId === "agent" ? "Researcher" : nodeId);

describe("describeEvent for an agent", () => {
  it("names the limit on a forced last step, and only there", () => {
    const step = { nodeId: "agent", iteration: 4, text: "Here is what I found", toolCalls: 0, finishReason: "stop" };
    expect(
      describeEvent(at({ type: "agent.step", payload: { ...step, stopReason: "token budget" } }), labelOf).title,
    ).toBe("Researcher · step 4 · answer forced: the token budget was spent");
    expect(
      describeEvent(at({ type: "agent.step", payload: { ...step, stopReason: "max iterations" } }), labelOf).title,
    ).toBe("Researcher · step 4 · answer forced: the iteration limit was reached");
    expect(describeEvent(at({ type: "agent.step", payload: step }), labelOf).title).toBe("Researcher · step 4");
  });

  it("shows the budget beside the tokens used", () => {
    const usage = { nodeId: "agent", inputTokens: 240, outputTokens: 60, totalTokens: 300 };
    expect(describeEvent(at({ type: "llm.usage", payload: { ...usage, tokenBudget: 250 } }), labelOf).detail).toBe(
      "240 in · 60 out · budget 250",
    );
    expect(describeEvent(at({ type: "llm.usage", payload: usage }), labelOf).detail).toBe("240 in · 60 out");
  });
});

describe("describeEvent for a log line", () => {
  it("tells a warning from a note and an error, and names the node it came from", () => {
    const line = (level: "info" | "warn" | "error") =>
      describeEvent(
        at({ type: "log", payload: { level, nodeId: "agent", message: "The model does not support temperature" } }),
        labelOf,
      );
    expect(line("warn")).toEqual({
      tone: "warning",
      title: "Researcher: The model does not support temperature",
      nodeId: "agent",
    });
    expect(line("info").tone).toBe("neutral");
    expect(line("error").tone).toBe("danger");
  });
});
