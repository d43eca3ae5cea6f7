import { describe, expect, it } from "vitest";
import { exposeTools } from "../tools/tool-kinds";
import type { RegisteredTool } from "../registry/registry";
import { applyToolFilter } from "./config";
import { serverSpecs } from "./server-specs";

const tools = [{ name: "echo" }, { name: "add" }, { name: "image" }];

describe("tool filters", () => {
  it("keeps all, only the selected, or all except the listed", () => {
    expect(applyToolFilter(tools, { mode: "all", tools: ["echo"] }).map((t) => t.name)).toEqual([
      "echo",
      "add",
      "image",
    ]);
    expect(applyToolFilter(tools, { mode: "selected", tools: ["add"] }).map((t) => t.name)).toEqual(["add"]);
    expect(applyToolFilter(tools, { mode: "except", tools: ["add"] }).map((t) => t.name)).toEqual(["echo", "image"]);
  });
});

describe("serverSpecs", () => {
  it("reads a stdio node, with its label as the tool source and its timeouts", () => {
    const [spec] = serverSpecs(
      {
        id: "n1",
        type: "mcp.server",
        label: "My Files!",
        params: { command: "npx", args: ["-y", "x"], callTimeoutSeconds: 5 },
      },
      undefined,
    );
    expect(spec).toMatchObject({
      nodeId: "n1",
      source: "my_files",
      config: { transport: "stdio", command: "npx", args: ["-y", "x"] },
      callTimeoutMs: 5000,
      healthIntervalMs: 0,
    });
  });
  it("follows a reference to the workflow's mcpServers", () => {
    const declared = {
      remote: {
        transport: "http",
        url: "https://mcp.example.com/mcp",
        headers: { Authorization: { $secret: "TOKEN" } },
      },
    };
    const [spec] = serverSpecs(
      { id: "n1", type: "mcp.server", label: "R", params: { transport: "ref", ref: "remote" } },
      declared,
    );
    expect(spec.config).toEqual({
      transport: "http",
      url: "https://mcp.example.com/mcp",
      headers: { Authorization: { $secret: "TOKEN" } },
      protocol: "auto",
    });
    expect(() =>
      serverSpecs({ id: "n1", type: "mcp.server", label: "R", params: { transport: "ref", ref: "nope" } }, declared),
    ).toThrow(/MCP node "R" \(n1\): no workflow-level MCP server named "nope"/);
  });
  it("names the node and field of a bad config", () => {
    expect(() => serverSpecs({ id: "n2", type: "mcp.server", label: "S", params: { command: "" } }, undefined)).toThrow(
      /MCP node "S" \(n2\): command: command is required/,
    );
    expect(() =>
      serverSpecs(
        { id: "n3", type: "mcp.server", label: "H", params: { transport: "http", url: "not a url" } },
        undefined,
      ),
    ).toThrow(/\(n3\): url:/);
  });
  it("gives each group server the node id {groupNodeId}-{serverId} and refuses duplicate ids", () => {
    const servers = [
      { id: "a", transport: "stdio", command: "node", args: ["a.js"] },
      { id: "b", transport: "http", url: "https://b.example.com/mcp", toolFilter: { mode: "selected", tools: ["x"] } },
    ];
    const specs = serverSpecs({ id: "g", type: "mcp.group", label: "G", params: { servers } }, undefined);
    expect(specs.map((s) => [s.nodeId, s.source, s.filter.mode])).toEqual([
      ["g-a", "a", "all"],
      ["g-b", "b", "selected"],
    ]);
    expect(() =>
      serverSpecs({ id: "g", type: "mcp.group", label: "G", params: { servers: [servers[0], servers[0]] } }, undefined),
    ).toThrow(/server id "a" is used twice/);
  });
});

describe("exposeTools", () => {
  it("shows components by name and MCP tools as {source}__{tool}", () => {
    const base = { description: "d", inputSchema: {}, boundInputs: {}, status: "ready" as const };
    const registered: RegisteredTool[] = [
      { ...base, nodeId: "h", toolName: "http_request", kind: "component" },
      {
        ...base,
        nodeId: "m",
        toolName: "everything",
        kind: "local-mcp",
        tools: [{ name: "echo", description: "Echoes", inputSchema: { type: "object" } }],
      },
    ];
    expect(exposeTools(registered).map((t) => [t.name, t.mcpToolName])).toEqual([
      ["http_request", undefined],
      ["everything__echo", "echo"],
    ]);
  });
  it("keeps exposed names within what model APIs accept, and the server's own name for the call", () => {
    const registered: RegisteredTool[] = [
      {
        nodeId: "m",
        toolName: "docs",
        kind: "remote-mcp",
        description: "",
        inputSchema: {},
        boundInputs: {},
        status: "ready",
        tools: [
          { name: "search.pages v2", inputSchema: {} },
          { name: "x".repeat(80), inputSchema: {} },
        ],
      },
    ];
    const [dotted, long] = exposeTools(registered);
    expect([dotted.name, dotted.mcpToolName]).toEqual(["docs__search_pages_v2", "search.pages v2"]);
    expect(long.name).toHaveLength(64);
    expect(long.mcpToolName).toHaveLength(80);
  });
});
