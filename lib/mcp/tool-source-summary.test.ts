/** The editor's one-line description of each MCP server a node stands for. */
import { describe, expect, it } from "vitest";
import { describeFilter, knownToolNames, toolSourceSummary } from "./tool-source-summary";

describe("toolSourceSummary", () => {
  it("describes a stdio server by its command, an HTTP one by its host (a WebSocket one with its scheme), and the filter in words", () => {
    expect(
      toolSourceSummary({
        type: "mcp.server",
        label: "My Files",
        params: {
          transport: "stdio",
          command: "npx",
          args: ["-y", "fs"],
          toolFilter: { mode: "except", tools: ["write"] },
        },
      }),
    ).toEqual([{ names: "my_files__*", where: "npx -y fs", filter: "all except 1" }]);
    expect(
      toolSourceSummary({
        type: "mcp.server",
        label: "remote",
        params: { transport: "http", url: "https://mcp.example.com/mcp" },
      }),
    ).toEqual([{ names: "remote__*", where: "mcp.example.com", filter: "all tools" }]);
    expect(
      toolSourceSummary({
        type: "mcp.server",
        label: "socket",
        params: { transport: "http", url: "wss://mcp.example.com:8443/ws" },
      })[0].where,
    ).toBe("wss://mcp.example.com:8443");
    expect(toolSourceSummary({ type: "mcp.server", label: "x", params: { transport: "stdio" } })[0].where).toBe(
      "no command yet",
    );
  });

  it("lists a group's servers under their ids", () => {
    const servers = [
      { id: "docs", transport: "ref", ref: "shared_docs", toolFilter: { mode: "selected", tools: ["a", "b"] } },
      { id: "web", transport: "http", url: "not a url" },
    ];
    expect(toolSourceSummary({ type: "mcp.group", label: "Group", params: { servers } })).toEqual([
      { names: "docs__*", where: "workflow server “shared_docs”", filter: "2 selected" },
      { names: "web__*", where: "not a url", filter: "all tools" },
    ]);
    expect(describeFilter(undefined)).toBe("all tools");
  });
});

describe("knownToolNames", () => {
  it("lists the exposed names a 'selected' filter fixes before discovery, and nothing for the other filters", () => {
    expect(
      knownToolNames({
        type: "mcp.server",
        label: "Files",
        params: {
          transport: "stdio",
          command: "npx",
          toolFilter: { mode: "selected", tools: ["read_file", "list.dir"] },
        },
      }),
    ).toEqual(["files__read_file", "files__list_dir"]);
    expect(
      knownToolNames({
        type: "mcp.server",
        label: "Files",
        params: { transport: "stdio", command: "npx", toolFilter: { mode: "except", tools: ["x"] } },
      }),
    ).toEqual([]);
    const servers = [
      { id: "a", transport: "stdio", command: "node", toolFilter: { mode: "selected", tools: ["echo"] } },
      { id: "b", transport: "http", url: "http://x" },
    ];
    expect(knownToolNames({ type: "mcp.group", label: "G", params: { servers } })).toEqual(["a__echo"]);
  });
});
