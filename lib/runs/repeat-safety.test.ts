/** Harmless to repeat vs resumable from records, derived from what each node does and what is wired into it. */
import { describe, expect, it } from "vitest";
import { lookupComponent } from "../nodes";
import { compileWorkflow, type CompiledWorkflow } from "../workflow/compile";
import type { WorkflowGraph, WorkflowNode } from "../workflow/graph";
import {
  isHarmlessToRepeat,
  isResumableFromRecords,
  mayRunAgainAfterCrash,
  maySendToolCallAgain,
} from "./repeat-safety";

const node = (id: string, type: string, data: Partial<WorkflowNode["data"]> = {}): WorkflowNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: { label: id, mode: "normal", params: {}, ...data },
});
const toolEdge = (tool: string, target: string) => ({
  id: `${tool}-${target}`,
  source: tool,
  sourceHandle: "tool",
  target,
  targetHandle: "tools",
});

/** The tool-mode nodes a test wires into a model node or a Loop. */
const TOOLS: Record<string, WorkflowNode> = {
  get: node("get", "core.http.request", { mode: "tool", params: { method: "GET", url: "https://example.com" } }),
  /** An HTTP tool whose URL the agent fills: a GET by default. */
  fetch: node("fetch", "core.http.request", { mode: "tool" }),
  post: node("post", "core.http.request", { mode: "tool", params: { method: "POST", url: "https://example.com" } }),
  shell: node("shell", "core.shell.exec", { mode: "tool", params: { allowedCommands: "ls", command: "ls" } }),
  workflow: node("workflow", "core.workflow.tool", { mode: "tool", params: { workflowId: "wf_other" } }),
  code: node("code", "core.code", { mode: "tool", params: { code: "return 1" } }),
};

/** A plan of one node of `type` with the named tools wired into its tools handle. */
function planWith(type: string, tools: (keyof typeof TOOLS)[], params: Record<string, unknown> = {}): CompiledWorkflow {
  const graph: WorkflowGraph = {
    nodes: [node("entry", "core.entry"), node("main", type, { params }), ...tools.map((name) => TOOLS[name])],
    edges: [
      {
        id: "entry-main",
        source: "entry",
        sourceHandle: "output",
        target: "main",
        targetHandle: type === "core.loop" ? "items" : "input",
      },
      ...tools.map((name) => toolEdge(name, "main")),
    ],
  };
  const compiled = compileWorkflow(graph, lookupComponent, { hostTools: true });
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
  return compiled.plan;
}

const agentParams = { provider: "scripted" };

describe("harmless to repeat", () => {
  it("holds for an agent whose every wired tool is harmless (a GET, code), and for one with no tools", () => {
    for (const tools of [[], ["get"], ["get", "code"], ["fetch"]] as const) {
      const plan = planWith("core.agent", [...tools], agentParams);
      expect(isHarmlessToRepeat(plan, plan.nodes.main), tools.join(",")).toBe(true);
    }
  });

  it("does not hold for an agent or an LLM with one tool that is not: a POST, Run Command, a child workflow", () => {
    for (const type of ["core.agent", "core.llm"])
      for (const unsafe of ["post", "shell", "workflow"] as const) {
        const plan = planWith(type, ["get", unsafe], agentParams);
        expect(isHarmlessToRepeat(plan, plan.nodes.main), `${type} + ${unsafe}`).toBe(false);
      }
  });

  it("follows a Loop's body: a GET is harmless to repeat, a POST is not", () => {
    const get = planWith("core.loop", ["get"]);
    const post = planWith("core.loop", ["post"]);
    expect(isHarmlessToRepeat(get, get.nodes.main)).toBe(true);
    expect(isHarmlessToRepeat(post, post.nodes.main)).toBe(false);
  });

  it("judges a component by its own params: an HTTP GET node is harmless, a POST node is not", () => {
    const plan = planWith("core.agent", ["get", "post"], agentParams);
    expect(isHarmlessToRepeat(plan, plan.nodes.get)).toBe(true);
    expect(isHarmlessToRepeat(plan, plan.nodes.post)).toBe(false);
  });
});

describe("what a resume may do with a node cut off mid-way", () => {
  it("runs an agent, an LLM or a Loop again even with unsafe tools: they go on from their records", () => {
    for (const type of ["core.agent", "core.llm", "core.loop"]) {
      const plan = planWith(type, ["shell"], type === "core.loop" ? {} : agentParams);
      expect(isResumableFromRecords(plan.nodes.main), type).toBe(true);
      expect(mayRunAgainAfterCrash(plan, plan.nodes.main), type).toBe(true);
    }
  });

  it("does not run an HTTP POST node again: it is neither harmless to repeat nor resumable", () => {
    const plan = planWith("core.agent", ["post"], agentParams);
    const post = { ...plan.nodes.post, mode: "normal" as const };
    expect(isResumableFromRecords(post)).toBe(false);
    expect(mayRunAgainAfterCrash(plan, post)).toBe(false);
  });

  it("sends a cut-off tool call again only to a harmless tool or a Workflow Tool (which re-attaches to its child)", () => {
    const tools = ["get", "fetch", "post", "shell", "workflow", "code"] as const;
    const plan = planWith("core.agent", [...tools], agentParams);
    const verdicts = Object.fromEntries(tools.map((id) => [id, maySendToolCallAgain(plan, plan.nodes[id])]));
    expect(verdicts).toEqual({ get: true, fetch: true, post: false, shell: false, workflow: true, code: true });
  });
});
