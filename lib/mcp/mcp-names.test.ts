/** The zod-free tool filter reader agrees with the schema the saved params are checked with (config.ts). */
import { describe, expect, it } from "vitest";
import { ToolFilter } from "./config";
import { readToolFilter } from "./mcp-names";

const candidates: unknown[] = [
  {},
  { mode: "selected", tools: ["a", "b"] },
  { mode: "except" },
  { tools: ["x"] },
  { mode: "some" },
  { mode: "all", tools: "a" },
  { mode: "all", tools: [1] },
  { mode: "all", tools: [], other: 1 },
  [],
  "all",
  null,
];

describe("readToolFilter", () => {
  it("reads what the schema reads, with its defaults, and nothing it refuses", () => {
    for (const value of candidates)
      expect(readToolFilter(value), JSON.stringify(value)).toEqual(ToolFilter.safeParse(value).data);
    expect(readToolFilter({ tools: ["x"] })).toEqual({ mode: "all", tools: ["x"] });
    expect(readToolFilter({ mode: "some" })).toBeUndefined();
  });
});
