/** Which nodes touch the host, and which of them a save adds or changes (what only an admin may do). */
import { describe, expect, it } from "vitest";
import { lookupComponent } from "../nodes";
import type { WorkflowGraph, WorkflowNode } from "./graph";
import { changedHostNodes } from "./host-access";

const node = (id: string, type: string, params: Record<string, unknown> = {}, x = 0): WorkflowNode => ({
  id,
  type,
  position: { x, y: 0 },
  data: { label: id, mode: "tool", params },
});
const graph = (...nodes: WorkflowNode[]): WorkflowGraph => ({ nodes, edges: [] });

describe("changedHostNodes", () => {
  const saved = graph(
    node("shell", "core.shell.exec", { allowedCommands: "ls" }),
    node("http", "core.http.request", { url: "https://x" }),
  );

  it("lists host-access nodes that are new", () => {
    expect(changedHostNodes(null, saved, lookupComponent)).toEqual(["shell"]);
    expect(
      changedHostNodes(
        saved,
        graph(...saved.nodes, node("write", "core.fs.write", { roots: "/tmp" })),
        lookupComponent,
      ),
    ).toEqual(["write"]);
  });

  it("lists a host-access node whose settings changed, not one that only moved, nor other nodes' changes", () => {
    expect(
      changedHostNodes(
        saved,
        graph(node("shell", "core.shell.exec", { allowedCommands: "ls, rm" }), saved.nodes[1]),
        lookupComponent,
      ),
    ).toEqual(["shell"]);
    expect(
      changedHostNodes(
        saved,
        graph(
          node("shell", "core.shell.exec", { allowedCommands: "ls" }, 300),
          node("http", "core.http.request", { url: "https://y" }),
        ),
        lookupComponent,
      ),
    ).toEqual([]);
  });

  it("counts an MCP node as host access only for stdio servers, and notices a switch to stdio", () => {
    const http = graph(node("mcp", "mcp.server", { transport: "http", url: "https://mcp.example.com" }));
    expect(changedHostNodes(null, http, lookupComponent)).toEqual([]);
    expect(
      changedHostNodes(http, graph(node("mcp", "mcp.server", { transport: "stdio", command: "npx" })), lookupComponent),
    ).toEqual(["mcp"]);
    const group = graph(
      node("grp", "mcp.group", {
        servers: [
          { id: "a", transport: "http", url: "https://a" },
          { id: "b", transport: "stdio", command: "node" },
        ],
      }),
    );
    expect(changedHostNodes(null, group, lookupComponent)).toEqual(["grp"]);
  });

  it("counts an External Agent as host access only when it starts a program", () => {
    const person = graph(node("ext", "core.external.agent", {}));
    expect(changedHostNodes(null, person, lookupComponent)).toEqual([]);
    expect(
      changedHostNodes(
        person,
        graph(node("ext", "core.external.agent", { mode: "process", command: "node", args: ["agent.js"] })),
        lookupComponent,
      ),
    ).toEqual(["ext"]);
  });
});
