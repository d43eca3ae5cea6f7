import { describe, expect, it } from "vitest";
import type { RunEvent } from "@/lib/runs/events";
import { healthByCanvasNode, latestHealth } from "./mcp-health";
import { healthDotRules } from "./mcp-health-dots";

let seq = 0;
const health = (nodeId: string, status: "green" | "yellow" | "red"): RunEvent => ({
  type: "tool.health",
  payload: { nodeId, toolName: nodeId, status },
  runId: "r",
  seq: ++seq,
  at: "",
});
const teardown = (nodeId: string): RunEvent => ({
  type: "tool.teardown",
  payload: { nodeId, toolName: nodeId, detail: "closed" },
  runId: "r",
  seq: ++seq,
  at: "",
});

describe("MCP health in the run view", () => {
  it("keeps the latest status per source and forgets torn-down ones", () => {
    const latest = latestHealth([health("a", "green"), health("b", "green"), health("a", "red"), teardown("b")]);
    expect(latest.map((h) => [h.nodeId, h.status])).toEqual([["a", "red"]]);
  });
  it("gives a group node the worst status of its servers", () => {
    const latest = latestHealth([health("grp-one", "green"), health("grp-two", "yellow"), health("solo", "green")]);
    expect(healthByCanvasNode(latest, ["grp", "solo", "agent"])).toEqual({ grp: "yellow", solo: "green" });
  });
});

describe("health dots on the canvas", () => {
  it("draws one coloured dot per MCP node, and none without health", () => {
    const rules = healthDotRules({ grp: "yellow", 'odd"id': "red" });
    expect(rules).toContain('.react-flow__node[data-id="grp"]::after');
    expect(rules).toContain("background:#ca8a04");
    expect(rules).toContain('[data-id="odd\\"id"]');
    expect(healthDotRules({})).toBe("");
  });
});
