/** Replaying a run's log: what is done, what was cut off, and what was already over. */
import { describe, expect, it } from "vitest";
import type { CompiledNode, CompiledWorkflow } from "../workflow/compile";
import type { RunEvent, RunEventInput } from "./events";
import { resumeState, type UnloggedSteps } from "./resume-state";

const node = (id: string, mode: "normal" | "tool" = "normal"): CompiledNode => ({
  id,
  type: "t",
  label: id,
  mode,
  params: {},
  inputs: {},
  dependsOn: [],
  connectedToolNodeIds: [],
  agentInputs: [],
});
const plan: CompiledWorkflow = {
  order: ["entry", "tool", "agent", "after"],
  nodes: { entry: node("entry"), tool: node("tool", "tool"), agent: node("agent"), after: node("after") },
  outputNodeIds: ["after"],
};
const log = (...inputs: RunEventInput[]): RunEvent[] =>
  inputs.map((input, index) => ({ ...input, runId: "r", seq: index + 1, at: "" }) as RunEvent);

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
    const failed = resumeState(
      plan,
      log(
        { type: "node.started", payload: { nodeId: "agent", mode: "normal" } },
        { type: "node.failed", payload: { nodeId: "agent", error: "boom" } },
      ),
    );
    expect(failed.failed).toEqual({ nodeId: "agent", error: "boom" });
    expect(failed.inFlight).toEqual([]);
    const ended = resumeState(plan, log({ type: "run.completed", payload: { output: 1, durationMs: 5 } }));
    expect(ended.terminal?.type).toBe("run.completed");
  });
});

describe("resumeState counting worker deaths", () => {
  it("counts, per node, the earlier resumes after a crash that found it in flight, and not the hand-backs", () => {
    const state = resumeState(
      plan,
      log(
        { type: "node.started", payload: { nodeId: "agent", mode: "normal" } },
        {
          type: "run.resumed",
          payload: { attempt: 2, completedNodeIds: [], retriedNodeIds: ["agent"], afterCrash: false },
        },
        { type: "node.started", payload: { nodeId: "agent", mode: "normal" } },
        {
          type: "run.resumed",
          payload: { attempt: 3, completedNodeIds: [], retriedNodeIds: ["agent"], afterCrash: true },
        },
        { type: "run.resumed", payload: { attempt: 4, completedNodeIds: [], retriedNodeIds: ["agent", "after"] } },
        { type: "node.started", payload: { nodeId: "agent", mode: "normal" } },
      ),
    );
    expect([...state.crashesWhileRunning]).toEqual([["agent", 1]]);
    expect(state.inFlight).toEqual(["agent"]);
  });
});

describe("resumeState with starts that are only noted", () => {
  // entry (pure) → a → b → c, and a branch: if (pure, branching) → maybe (skippable) → d.
  const chained = (id: string, ...dependsOn: string[]): CompiledNode => ({ ...node(id), dependsOn });
  const chain: CompiledWorkflow = {
    order: ["entry", "a", "b", "c", "if", "maybe", "d"],
    nodes: {
      entry: chained("entry"),
      a: chained("a", "entry"),
      b: chained("b", "a"),
      c: chained("c", "b"),
      if: chained("if", "entry"),
      maybe: chained("maybe", "if"),
      d: chained("d", "maybe"),
    },
    outputNodeIds: ["c", "d"],
  };
  // Every node but the pure ones notes its start; pure nodes and the skippable one may end unlogged.
  const unlogged: UnloggedSteps = {
    startMayBeMissing: (n) => n.id !== "entry" && n.id !== "if",
    endMayBeMissing: (n) => ["entry", "if", "maybe"].includes(n.id),
  };
  const completedEvent = (nodeId: string): RunEventInput => ({
    type: "node.completed",
    payload: { nodeId, output: {}, durationMs: 1 },
  });

  it("counts a node as in flight when everything it waits on had ended, though its start is not in the log", () => {
    const state = resumeState(chain, log(completedEvent("entry"), completedEvent("a")), unlogged);
    // b could start (a ended); c could not (b had not). maybe could (if is pure: it may have ended unlogged), and so
    // could d (maybe may have been skipped unlogged).
    expect(state.inFlight.sort()).toEqual(["b", "d", "maybe"]);
  });

  it("allows for the pure nodes' own noted ends: with nothing logged, the first noted node after them may have started", () => {
    expect(resumeState(chain, log(), unlogged).inFlight.sort()).toEqual(["a", "maybe", "d"].sort());
  });

  it("adds nothing for a log that holds every start, or for a node whose end is in the log", () => {
    expect(resumeState(chain, log(completedEvent("entry"), completedEvent("a"))).inFlight).toEqual([]);
    const done = resumeState(
      chain,
      log(
        completedEvent("entry"),
        completedEvent("a"),
        completedEvent("b"),
        completedEvent("c"),
        completedEvent("maybe"),
        completedEvent("d"),
      ),
      unlogged,
    );
    expect(done.inFlight).toEqual([]);
  });
});
