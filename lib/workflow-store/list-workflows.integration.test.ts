/** The workflow list counts each workflow's nodes in the database, without loading the graphs. */
import { expect, it } from "vitest";
import { sql } from "../db/sql";
import { graphNode } from "../testing/fixtures";
import { createWorkflow, listWorkflows } from "./repository";

it("lists workflows newest first with their node counts, an empty or odd graph counting none", async () => {
  const three = await createWorkflow("three nodes", {
    nodes: [graphNode("a", "core.entry"), graphNode("b", "core.output"), graphNode("c", "core.output")],
    edges: [],
  });
  const empty = await createWorkflow("no nodes");
  const odd = await createWorkflow("odd graph");
  await sql`UPDATE "Workflow" SET graph = '{"nodes": "not a list"}'::jsonb WHERE id = ${odd.id}`;
  // Updated a minute apart, oldest first: the list must turn them round.
  for (const [minutes, { id }] of [three, empty, odd].entries()) {
    const updatedAt = new Date(Date.UTC(2026, 0, 1, 0, minutes));
    await sql`UPDATE "Workflow" SET "updatedAt" = ${updatedAt} WHERE id = ${id}`;
  }

  const listed = await listWorkflows({ id: { in: [three.id, empty.id, odd.id] } });
  expect(listed.map(({ name, nodeCount }) => ({ name, nodeCount }))).toEqual([
    { name: "odd graph", nodeCount: 0 },
    { name: "no nodes", nodeCount: 0 },
    { name: "three nodes", nodeCount: 3 },
  ]);
  expect(await listWorkflows({ id: { in: [] } })).toEqual([]);
});
