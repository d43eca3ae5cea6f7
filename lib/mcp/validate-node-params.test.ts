/** An MCP tool filter on "Selected" with no tool selected is refused, naming node and field (issue 27, defect 6). */
import { describe, expect, it } from "vitest";
import { lookupComponent } from "../nodes";
import { graphNode } from "../testing/fixtures";
import { compileWorkflow } from "../workflow/compile";

const remote = { transport: "http", url: "https://mcp.example.com/mcp" };

function errorsOf(node: ReturnType<typeof graphNode>) {
  const compiled = compileWorkflow({ nodes: [node], edges: [] }, lookupComponent);
  return compiled.ok ? [] : compiled.errors;
}

describe("an MCP tool filter with nothing selected", () => {
  it("is refused on an MCP Server node, naming the node and the toolFilter field", () => {
    const node = graphNode("web", "mcp.server", {
      label: "Web",
      mode: "tool",
      params: { ...remote, toolFilter: { mode: "selected", tools: [] } },
    });
    expect(errorsOf(node)).toEqual([
      expect.objectContaining({
        code: "invalid-param",
        nodeId: "web",
        field: "toolFilter",
        message: expect.stringContaining('"Web" has its tool filter set to "Selected" with no tool selected'),
      }),
    ]);
  });

  it("is refused for a server of an MCP Group, naming the server", () => {
    const node = graphNode("group", "mcp.group", {
      label: "Group",
      mode: "tool",
      params: { servers: [{ id: "one", ...remote, toolFilter: { mode: "selected", tools: [] } }] },
    });
    expect(errorsOf(node)).toEqual([
      expect.objectContaining({
        nodeId: "group",
        field: "servers",
        message: expect.stringContaining('Server "one" of "Group" has its tool filter set to "Selected"'),
      }),
    ]);
  });

  it("is taken once a tool is selected, and with All or Except", () => {
    for (const toolFilter of [
      { mode: "selected", tools: ["echo"] },
      { mode: "all", tools: [] },
      { mode: "except", tools: [] },
    ]) {
      const node = graphNode("web", "mcp.server", { label: "Web", mode: "tool", params: { ...remote, toolFilter } });
      expect(errorsOf(node), toolFilter.mode).toEqual([]);
    }
  });
});
