/**
 * The upgrade to versions on a database that has workflows and runs: each workflow becomes version 1, published,
 * with its graph and name unchanged, so its webhooks and schedules stay live; nothing is lost. The migrations are
 * applied as the SQL files they are, to a database of the test's own.
 */
import { expect, it } from "vitest";
import { useUpgradeDatabase } from "../testing/upgrade-database";

const VERSIONS_MIGRATION = "20261126201000_workflow_versions";
const { db, applyBefore, applyFrom } = useUpgradeDatabase("upgrade");

it("makes every existing workflow version 1, published, with its graph, and keeps its runs", async () => {
  await applyBefore(VERSIONS_MIGRATION);
  const graph = { nodes: [{ id: "hook", type: "trigger.webhook" }], edges: [] };
  await db().query(`INSERT INTO "Workflow" (id, name, graph, "updatedAt") VALUES ('w1', 'Orders', $1, now())`, [
    JSON.stringify(graph),
  ]);
  await db().query(
    `INSERT INTO "Run" (id, "workflowId", status, plan, graph) VALUES ('r1', 'w1', 'completed', '{}', $1)`,
    [JSON.stringify(graph)],
  );

  await applyFrom(VERSIONS_MIGRATION);

  const { rows: workflows } = await db().query(`SELECT "publishedVersion", graph FROM "Workflow" WHERE id = 'w1'`);
  expect(workflows).toEqual([{ publishedVersion: 1, graph }]);
  const { rows: versions } = await db().query(
    `SELECT number, name, graph FROM "WorkflowVersion" WHERE "workflowId" = 'w1'`,
  );
  expect(versions).toEqual([{ number: 1, name: "Orders", graph }]);
  const { rows: runs } = await db().query(`SELECT id, version FROM "Run"`);
  expect(runs).toEqual([{ id: "r1", version: null }]);
});
