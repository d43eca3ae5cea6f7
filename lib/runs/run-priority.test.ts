import { describe, expect, it } from "vitest";
import { runPriority } from "./run-priority";

describe("runPriority", () => {
  it("puts a person and a parent run first, webhooks, the API and MCP next, schedules last", () => {
    expect(runPriority({ kind: "manual" })).toBe(1);
    expect(runPriority({ kind: "chat" })).toBe(1);
    expect(runPriority({ kind: "workflow" })).toBe(1);
    expect([runPriority({ kind: "webhook" }), runPriority({ kind: "mcp" }), runPriority({ kind: "api" })]).toEqual([
      2, 2, 2,
    ]);
    expect(runPriority({ kind: "schedule" })).toBe(3);
  });
});
