/**
 * The upgrade to versions on a database that has workflows and runs: each workflow becomes version 1, published,
 * with its graph and name unchanged, so its webhooks and schedules stay live; nothing is lost. The migrations are
 * applied as the SQL files they are, to a database of the test's own.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { testDatabaseName, testDatabaseUrl } from "../testing/test-slot";

const VERSIONS_MIGRATION = "20261126201000_workflow_versions";
const migrationsDir = path.join(process.cwd(), "prisma", "migrations");
const migrations = readdirSync(migrationsDir)
  .filter((name) => /^\d+_/.test(name))
  .sort();
const name = `${testDatabaseName("test")}_upgrade`;
const admin = new pg.Client({ connectionString: testDatabaseUrl("test").replace(/\/[^/]+$/, "/postgres") });
let db: pg.Client;

const apply = (client: pg.Client, migration: string) =>
  client.query(readFileSync(path.join(migrationsDir, migration, "migration.sql"), "utf8"));

beforeAll(async () => {
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  db = new pg.Client({ connectionString: testDatabaseUrl("test").replace(/\/[^/]+$/, `/${name}`) });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

it("makes every existing workflow version 1, published, with its graph, and keeps its runs", async () => {
  for (const migration of migrations.filter((m) => m < VERSIONS_MIGRATION)) await apply(db, migration);
  const graph = { nodes: [{ id: "hook", type: "trigger.webhook" }], edges: [] };
  await db.query(`INSERT INTO "Workflow" (id, name, graph, "updatedAt") VALUES ('w1', 'Orders', $1, now())`, [
    JSON.stringify(graph),
  ]);
  await db.query(
    `INSERT INTO "Run" (id, "workflowId", status, plan, graph) VALUES ('r1', 'w1', 'completed', '{}', $1)`,
    [JSON.stringify(graph)],
  );

  for (const migration of migrations.filter((m) => m >= VERSIONS_MIGRATION)) await apply(db, migration);

  const { rows: workflows } = await db.query(`SELECT "publishedVersion", graph FROM "Workflow" WHERE id = 'w1'`);
  expect(workflows).toEqual([{ publishedVersion: 1, graph }]);
  const { rows: versions } = await db.query(
    `SELECT number, name, graph FROM "WorkflowVersion" WHERE "workflowId" = 'w1'`,
  );
  expect(versions).toEqual([{ number: 1, name: "Orders", graph }]);
  const { rows: runs } = await db.query(`SELECT id, version FROM "Run"`);
  expect(runs).toEqual([{ id: "r1", version: null }]);
});
