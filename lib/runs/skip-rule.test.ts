/** The skip rule on small plans: untaken branches, skips that spread, joins, templates, tools. */
import { describe, expect, it } from "vitest";
import type { CompiledNode, CompiledWorkflow } from "../workflow/compile";
import { skippableNodes, skipReason, wiredInputValues, type SkipFacts } from "./skip-rule";

const node = (
  id: string,
  type: string,
  inputs: CompiledNode["inputs"] = {},
  extra: Partial<CompiledNode> = {},
): CompiledNode => ({
  id,
  type,
  label: id,
  mode: "normal",
  params: {},
  inputs,
  dependsOn: Object.values(inputs).map((input) => input.nodeId),
  connectedToolNodeIds: [],
  agentInputs: [],
  ...extra,
});

const plan: CompiledWorkflow = {
  order: ["entry", "if", "yes", "no", "after-no", "join", "reads-no", "tool"],
  outputNodeIds: [],
  nodes: Object.fromEntries(
    [
      node("entry", "core.entry"),
      node("if", "core.if", { input: { nodeId: "entry", port: "output" } }),
      node("yes", "core.http.request", { body: { nodeId: "if", port: "true" } }),
      node("no", "core.output", { value: { nodeId: "if", port: "false" } }),
      node("after-no", "core.transform", { input: { nodeId: "no", port: "value" } }),
      node("join", "core.merge", { a: { nodeId: "yes", port: "body" }, b: { nodeId: "no", port: "value" } }),
      node("reads-no", "core.output", {}, { templateSources: { no: "no" } }),
      node("tool", "core.http.request", { body: { nodeId: "if", port: "false" } }, { mode: "tool" }),
    ].map((n) => [n.id, n]),
  ),
};

const facts = (outputs: Record<string, Record<string, unknown>>, skipped: string[] = []): SkipFacts => ({
  plan,
  outputs: new Map(Object.entries(outputs)),
  skipped: new Set(skipped),
  isBranching: (type) => type === "core.if",
});

describe("skipReason", () => {
  const tookTrue = { entry: { output: "x" }, if: { true: "x" } };

  it("runs the taken branch and skips the other, naming why", () => {
    expect(skipReason(plan.nodes.yes, facts(tookTrue))).toBeNull();
    expect(skipReason(plan.nodes.no, facts(tookTrue))).toBe('"if" did not take its "false" branch');
  });

  it("spreads a skip down the branch, through wires and templates", () => {
    expect(skipReason(plan.nodes["after-no"], facts(tookTrue, ["no"]))).toBe("everything it reads from was skipped");
    expect(skipReason(plan.nodes["reads-no"], facts(tookTrue, ["no"]))).toBe("everything it reads from was skipped");
  });

  it("runs a join once any of its inputs is taken", () => {
    expect(skipReason(plan.nodes.join, facts({ ...tookTrue, yes: { body: "ok" } }, ["no"]))).toBeNull();
    expect(skipReason(plan.nodes.join, facts({ entry: {} }, ["yes", "no"]))).toBe(
      "everything it reads from was skipped",
    );
  });

  it("never skips a node without data inputs, nor a tool", () => {
    expect(skipReason(plan.nodes.entry, facts({}))).toBeNull();
    expect(skipReason(plan.nodes.tool, facts(tookTrue))).toBeNull();
  });
});

describe("skippableNodes", () => {
  it("names, from the plan alone, every node some run might skip: branches and what reads only from them, not joins or tools", () => {
    const skippable = skippableNodes(plan, {
      isBranching: (type) => type === "core.if",
      isUnfiredTrigger: () => false,
    });
    expect([...skippable].sort()).toEqual(["after-no", "join", "no", "reads-no", "yes"]);
  });

  it("counts a trigger that did not start the run as skippable, and what reads only from it", () => {
    const triggered: CompiledWorkflow = {
      order: ["hook", "entry", "after-hook", "after-both"],
      outputNodeIds: [],
      nodes: Object.fromEntries(
        [
          node("hook", "trigger.webhook"),
          node("entry", "core.entry"),
          node("after-hook", "core.transform", { input: { nodeId: "hook", port: "output" } }),
          node("after-both", "core.merge", {
            a: { nodeId: "hook", port: "output" },
            b: { nodeId: "entry", port: "output" },
          }),
        ].map((n) => [n.id, n]),
      ),
    };
    const skippable = skippableNodes(triggered, { isBranching: () => false, isUnfiredTrigger: (n) => n.id === "hook" });
    expect([...skippable].sort()).toEqual(["after-hook", "hook"]);
  });
});

describe("an input with several wires (input-wires.ts)", () => {
  const twoTriggers: CompiledWorkflow = {
    order: ["entry", "hook", "step"],
    outputNodeIds: ["step"],
    nodes: {
      entry: node("entry", "core.entry"),
      hook: node("hook", "trigger.webhook"),
      step: {
        ...node("step", "core.transform", {
          input: { nodeId: "entry", port: "output", alsoFrom: [{ nodeId: "hook", port: "output" }] },
        }),
        dependsOn: ["entry", "hook"],
      },
    },
  };
  const factsOf = (outputs: Record<string, Record<string, unknown>>, skipped: string[]): SkipFacts => ({
    plan: twoTriggers,
    outputs: new Map(Object.entries(outputs)),
    skipped: new Set(skipped),
    isBranching: () => false,
  });

  it("runs the node with whichever trigger fired, and skips it only when neither did", () => {
    const byHook = factsOf({ hook: { output: { order: 42 } } }, ["entry"]);
    expect(skipReason(twoTriggers.nodes.step, byHook)).toBeNull();
    expect(wiredInputValues(twoTriggers.nodes.step, byHook)).toEqual({
      values: { input: { order: 42 } },
      passedOver: [],
    });

    const byEntry = factsOf({ entry: { output: "by hand" } }, ["hook"]);
    expect(wiredInputValues(twoTriggers.nodes.step, byEntry).values).toEqual({ input: "by hand" });

    expect(skipReason(twoTriggers.nodes.step, factsOf({}, ["entry", "hook"]))).toBe(
      "everything it reads from was skipped",
    );
  });

  it("takes the first wire when both delivered, and says which it passed over", () => {
    const both = factsOf({ entry: { output: "first" }, hook: { output: "second" } }, []);
    expect(wiredInputValues(twoTriggers.nodes.step, both)).toEqual({
      values: { input: "first" },
      passedOver: [
        { port: "input", used: { nodeId: "entry", port: "output" }, unused: [{ nodeId: "hook", port: "output" }] },
      ],
    });
  });

  it("counts a join after an If as skippable only when every wire may be dead", () => {
    const join = node("after", "core.output", {
      value: { nodeId: "if", port: "true", alsoFrom: [{ nodeId: "if", port: "false" }] },
    });
    const withJoin = { ...plan, order: [...plan.order, "after"], nodes: { ...plan.nodes, after: join } };
    const tookFalse = { ...facts({ entry: { output: "x" }, if: { false: "no" } }), plan: withJoin };
    expect(skipReason(join, tookFalse)).toBeNull();
    expect(wiredInputValues(join, tookFalse).values).toEqual({ value: "no" });
  });
});
