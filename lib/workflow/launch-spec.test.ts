/**
 * The launch spec: what each host node starts or reaches, read as the worker reads it, and the host-access decision
 * made from it alone.
 */
import { describe, expect, it } from "vitest";
import { components } from "../nodes";
import { launchSpecOf, LAUNCHING_TYPES, touchesHost } from "./launch-spec";

const spec = (type: string, params: Record<string, unknown>, declared?: unknown) =>
  launchSpecOf({ id: "n", type, label: "N", params }, declared);
const node = { command: "node", args: ["server.js"] };

describe("launchSpecOf", () => {
  it("spells out the program an MCP Server starts, with its env, cwd and network", () => {
    expect(
      spec("mcp.server", { ...node, env: { A: "1" }, cwd: "/srv", roots: "/srv/out", network: true }).launches,
    ).toEqual([
      {
        kind: "process",
        by: "mcp-stdio",
        command: "node",
        args: ["server.js"],
        env: { A: "1" },
        cwd: "/srv",
        roots: ["/srv/out"],
        network: true,
        server: "n",
      },
    ]);
  });

  it("follows a ref to the workflow's declared server, and calls an unknown one unresolved", () => {
    expect(
      spec("mcp.server", { transport: "ref", ref: "local" }, { local: { transport: "stdio", ...node } }).launches[0],
    ).toMatchObject({ kind: "process", command: "node" });
    expect(
      spec(
        "mcp.server",
        { transport: "ref", ref: "docs" },
        { docs: { transport: "http", url: "https://docs.example/mcp" } },
      ).launches,
    ).toEqual([{ kind: "remote", url: "https://docs.example/mcp", server: "n" }]);
    expect(
      spec("mcp.server", { transport: "ref", ref: "LOCAL" }, { local: { transport: "stdio", ...node } }).launches[0],
    ).toMatchObject({
      kind: "unresolved",
      reason: expect.stringContaining('no workflow-level MCP server named "LOCAL"'),
    });
  });

  it("reads an http node as remote whatever else it carries, since the worker never starts its command", () => {
    expect(spec("mcp.server", { transport: "http", url: "https://x.example/mcp", ...node }).launches).toEqual([
      { kind: "remote", url: "https://x.example/mcp", server: "n" },
    ]);
  });

  it("lists each server of a group, and calls a server it cannot read unresolved", () => {
    const launches = spec("mcp.group", {
      servers: [
        { id: "a", transport: "http", url: "https://a.example/mcp" },
        { id: "b", transport: "http", url: "https://b.example/mcp", command: "sh" },
        { id: "c", ...node },
      ],
    }).launches;
    expect(launches.map((launch) => launch.kind)).toEqual(["remote", "unresolved", "unresolved"]);
  });

  it("gives Run Command, the file tools and a process-mode External Agent their programs and roots", () => {
    expect(spec("core.shell.exec", { allowedCommands: "ls, wc", command: "ls", roots: ["/srv/a"] }).launches).toEqual([
      {
        kind: "process",
        by: "run-command",
        command: "ls",
        args: [],
        allowedCommands: ["ls", "wc"],
        roots: ["/srv/a"],
        network: false,
      },
    ]);
    expect(spec("core.fs.write", { roots: "/srv/a\n/srv/b", path: "x" }).launches).toEqual([
      { kind: "files", access: "write", roots: ["/srv/a", "/srv/b"] },
    ]);
    expect(spec("core.external.agent", { mode: "process", ...node }).launches).toEqual([
      { kind: "process", by: "external-agent", command: "node", args: ["server.js"] },
    ]);
    expect(spec("core.external.agent", { mode: "person", ...node }).launches).toEqual([]);
    expect(spec("core.http.request", { url: "https://x" }).launches).toEqual([]);
  });
});

describe("touchesHost", () => {
  const host = (type: string, params: Record<string, unknown>, declared?: unknown) =>
    touchesHost(spec(type, params, declared));
  it.each([
    ["servers: [] beside a command", "mcp.server", { ...node, servers: [] }],
    [
      "a harmless server beside a command",
      "mcp.server",
      { ...node, servers: [{ id: "x", transport: "http", url: "https://x" }] },
    ],
    ["transport in capitals", "mcp.server", { transport: "STDIO", ...node }],
    ["an unknown key", "mcp.server", { transport: "http", url: "https://x", Transport: "stdio" }],
    ["a constructor key", "mcp.server", { ...node, constructor: { transport: "http" } }],
    ["a group server without transport", "mcp.group", { servers: [{ id: "a", ...node }] }],
    ["Run Command without a command", "core.shell.exec", { allowedCommands: "ls" }],
    ["mode Process", "core.external.agent", { mode: "Process", ...node }],
    [
      "an own __proto__ key",
      "mcp.server",
      JSON.parse('{ "transport": "http", "url": "https://x", "__proto__": { "transport": "stdio" } }'),
    ],
  ])("counts a node that cannot be worked out as touching the host: %s", (_name, type, params) => {
    expect(host(type, params as Record<string, unknown>)).toBe(true);
  });

  it("lets through only what is surely remote, or starts nothing", () => {
    expect(host("mcp.server", { transport: "http", url: "https://x.example/mcp" })).toBe(false);
    expect(host("mcp.group", { servers: [] })).toBe(false);
    expect(host("core.external.agent", {})).toBe(false);
  });
});

it("knows every component that declares host access, and no other", () => {
  const declared = components
    .filter((component) => component.hostAccess !== undefined)
    .map((component) => component.id);
  expect([...LAUNCHING_TYPES].sort()).toEqual(declared.sort());
});
