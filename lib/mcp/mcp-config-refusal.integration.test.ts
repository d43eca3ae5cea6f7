/**
 * A broken MCP server setting stops a run before it starts: Run (the same `startRun` the editor's
 * action and the HTTP API use) is refused with compile errors naming the node and the field, and
 * no run is stored.
 */
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { startRun } from "../runs/start-run";
import { graphEdge, graphNode } from "../testing/fixtures";
import { createWorkflow, deleteWorkflow } from "../workflow-store/repository";

const created: string[] = [];

afterAll(async () => {
  for (const id of created) await deleteWorkflow(id);
});

describe("MCP settings checked before a run", () => {
  it("refuses to run a workflow whose MCP nodes cannot work, naming node and field", async () => {
    const { id } = await createWorkflow("broken mcp", {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("agent", "core.agent"),
        graphNode("files", "mcp.server", { label: "Files", mode: "tool", params: { transport: "stdio", command: "" } }),
        graphNode("docs", "mcp.server", { label: "Docs", mode: "tool", params: { transport: "ref", ref: "docs" } }),
        graphNode("group", "mcp.group", { label: "Group", mode: "tool", params: { servers: [] } }),
      ],
      edges: [
        graphEdge("entry", "output", "agent", "input"),
        ...["files", "docs", "group"].map((tool) => graphEdge(tool, "tool", "agent", "tools")),
      ],
    });
    created.push(id);
    const result = await startRun(id, "go");
    expect(result).toEqual({
      ok: false,
      reason: "invalid",
      message: "The workflow has 3 errors",
      errors: [
        {
          code: "invalid-param",
          nodeId: "files",
          field: "command",
          message: '"Files" needs a command to start its stdio MCP server',
        },
        {
          code: "invalid-param",
          nodeId: "docs",
          field: "ref",
          message: '"Docs" refers to MCP server "docs", which the workflow does not declare',
        },
        { code: "invalid-param", nodeId: "group", field: "servers", message: '"Group" needs at least one server' },
      ],
    });
    expect(await getDb().run.count({ where: { workflowId: id } })).toBe(0);
  });
});
