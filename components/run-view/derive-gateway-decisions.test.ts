import { describe, expect, it } from "vitest";
import type { RunEvent, RunEventInput } from "@/lib/runs/events";
import { describeEvent } from "./describe-event";
import { deriveApprovals, deriveBlockedAttempts } from "./derive-gateway-decisions";

const log = (...inputs: RunEventInput[]): RunEvent[] =>
  inputs.map((input, i) => ({ ...input, runId: "r", seq: i + 1, at: `2026-01-01T00:00:0${i}.000Z` }) as RunEvent);

const requested = (callId: string, toolName = "shell_exec"): RunEventInput => ({
  type: "tool.approval.requested",
  payload: { nodeId: "agent", callId, toolName, args: { command: "ls" }, timeoutSeconds: 120 },
});

describe("deriveBlockedAttempts", () => {
  it("lists blocked calls with their reason, ignoring other events", () => {
    const events = log(
      { type: "run.started", payload: {} },
      {
        type: "tool.call.blocked",
        payload: { nodeId: "agent", toolName: "fs_write", args: { path: "x" }, reason: "not allowed" },
      },
    );
    expect(deriveBlockedAttempts(events)).toEqual([
      {
        seq: 2,
        at: events[1].at,
        agentNodeId: "agent",
        toolName: "fs_write",
        args: { path: "x" },
        reason: "not allowed",
      },
    ]);
  });
});

describe("deriveApprovals", () => {
  it("keeps a request pending until a decision arrives, and records who decided", () => {
    const events = log(requested("c1"), requested("c2"), {
      type: "tool.approval.decided",
      payload: {
        nodeId: "agent",
        callId: "c1",
        toolName: "shell_exec",
        decision: "approved",
        by: "person",
        args: { command: "pwd" },
      },
    });
    const [first, second] = deriveApprovals(events);
    expect(first).toMatchObject({ callId: "c1", state: "approved", by: "person", approvedArgs: { command: "pwd" } });
    expect(second).toMatchObject({ callId: "c2", state: "pending", args: { command: "ls" }, timeoutSeconds: 120 });
  });

  it("shows a timeout as a denial by timeout", () => {
    const events = log(requested("c1"), {
      type: "tool.approval.decided",
      payload: {
        nodeId: "agent",
        callId: "c1",
        toolName: "shell_exec",
        decision: "denied",
        by: "timeout",
        reason: "no decision within 120 s",
      },
    });
    expect(deriveApprovals(events)).toEqual([
      expect.objectContaining({ state: "denied", by: "timeout", reason: "no decision within 120 s" }),
    ]);
  });

  it("shows a call denied by the run's end as decided by run end, after the run ended too", () => {
    const events = log(requested("c1"), {
      type: "tool.approval.decided",
      payload: {
        nodeId: "agent",
        callId: "c1",
        toolName: "shell_exec",
        decision: "denied",
        by: "run-end",
        reason: "the run ended",
      },
    });
    for (const runEnded of [false, true])
      expect(deriveApprovals(events, runEnded)).toEqual([
        expect.objectContaining({ state: "denied", by: "run-end", reason: "the run ended" }),
      ]);
    expect(describeEvent(events[1], (id) => id)).toMatchObject({
      tone: "danger",
      title: "shell_exec denied (the run ended)",
      detail: "the run ended",
    });
  });

  it("no longer offers a decision once the run has ended", () => {
    expect(deriveApprovals(log(requested("c1")), true)).toEqual([
      expect.objectContaining({ state: "denied", reason: "the run ended first" }),
    ]);
  });
});
