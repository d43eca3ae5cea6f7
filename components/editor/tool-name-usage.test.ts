/** The inspector's warning when a tool is renamed: which wired agents still use the old name, and where. */
import { describe, expect, it } from "vitest";
import { toolNameUses } from "./tool-name-usage";

const agent = (id: string, params: Record<string, unknown>) => ({ id, data: { label: `Agent ${id}`, params } });
const wire = (source: string, target: string) => ({ source, target, sourceHandle: "tool", targetHandle: "tools" });

describe("toolNameUses", () => {
  it("names each wired agent that uses the name in its allowed tools, aliases or prompts", () => {
    const nodes = [
      agent("a", { allowedTools: "weather_api, search", prompt: "Call weather_api first" }),
      agent("b", { aliases: { forecast: "weather_api" }, systemPrompt: "no mention" }),
      agent("c", { allowedTools: "*", prompt: "weather_api_tab_b is another tool" }),
      agent("d", { allowedTools: ["weather_api"] }), // uses it, but is not wired to this tool
    ];
    const edges = [wire("http", "a"), wire("http", "b"), wire("http", "c")];
    expect(toolNameUses("http", "weather_api", nodes, edges)).toEqual([
      { label: "Agent a", where: ["allowed tools", "prompt"] },
      { label: "Agent b", where: ["aliases"] },
    ]);
  });
});
