/** Replaying a run's log: what is done, what was cut off, and what was already over. */
import { describe, expect, it } from "vitest";
import type { CompiledNode, CompiledWorkflow } from "../workflow/compile";
import type { RunEvent, RunEventInput } from "./events";
import { resumeState } from "./resume-state";

const node = (id: string, mode: "normal" | "tool" = "normal"): CompiledNode => ({ id, type: "t", label: id, mode, params: {}, inputs: {}, dependsOn: [], connectedToolNodeIds: [], agentInputs: [] });
const plan: CompiledWorkflow = { order: ["entry", "tool", "agent", "after"], nodes: { entry: node("entry"), tool: node("tool", "tool"), agent: node("agent"), after: node("after") }, outputNodeIds: ["after"] };
const log = (...inputs: RunEventInput[]): RunEvent[] => inputs.map((input, index) => ({ ...input, runId: "r", seq: index + 1, at: "" }) as RunEvent);

describe("resumeState", () => {
  it("keeps completed normal nodes with their outputs, re-registers tools, and names what was in flight", () => {
    const state = resumeState(
      plan,
      log(
        { type: "run.started", payload: {} },
        { type: "node.started", payload: { nodeId: "entry", mode: "normal" } },
        { type: "node.completed", payload: { nodeId: "entry", output: { output: "hi" }, durationMs: 1 } },
        { type: "node.started", payload: { nodeId: "tool", mode: "tool" } },
        { type: "node.completed", payload: { nodeId: "tool", output: { tool: "x" }, durationMs: 1 } },
        { type: "node.started", payload: { nodeId: "agent", mode: "normal" } },
      ),
    );
    expect([...state.completed]).toEqual([["entry", { output: "hi" }]]);
    expect(state.inFlight).toEqual(["agent"]);
    expect(state.failed).toBeUndefined();
    expect(state.terminal).toBeUndefined();
  });

  it("reports a node failure and a terminal event whose status was never written", () => {
    const failed = resumeState(plan, log({ type: "node.started", payload: { nodeId: "agent", mode: "normal" } }, { type: "node.failed", payload: { nodeId: "agent", error: "boom" } }));
    expect(failed.failed).toEqual({ nodeId: "agent", error: "boom" });
    expect(failed.inFlight).toEqual([]);
    const ended = resumeState(plan, log({ type: "run.completed", payload: { output: 1, durationMs: 5 } }));
    expect(ended.terminal?.type).toBe("run.completed");
  });
});
