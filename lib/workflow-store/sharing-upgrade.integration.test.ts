/**
 * The upgrade to ownership and folders on a database with people, workflows and runs: every workflow keeps its graph
 * and runs, is owned by the first admin, and sits in "Shared workflows" where each non-admin keeps the access their
 * role gave them before (viewers read, editors change). The migrations are applied as the SQL files they are.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { testDatabaseName, testDatabaseUrl } from "../testing/test-slot";

const SHARING_MIGRATION = "20261128024300_workflow_sharing";
const migrationsDir = path.join(process.cwd(), "prisma", "migrations");
const migrations = readdirSync(migrationsDir)
  .filter((name) => /^\d+_/.test(name))
  .sort();
const name = `${testDatabaseName("test")}_sharing_upgrade`;
const admin = new pg.Client({ connectionString: testDatabaseUrl("test").replace(/\/[^/]+$/, "/postgres") });
let db: pg.Client;

const apply = (client: pg.Client, migration: string) =>
  client.query(readFileSync(path.join(migrationsDir, migration, "migration.sql"), "utf8"));

const addUser = (id: string, role: string, createdAt: string) =>
  db.query(
    `INSERT INTO "user" (id, name, email, role, "createdAt", "updatedAt") VALUES ($1, $1, $1 || '@x.test', $2, $3, $3)`,
    [id, role, createdAt],
  );

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

it("gives existing workflows the first admin as owner and keeps everyone's access through a shared folder", async () => {
  for (const migration of migrations.filter((m) => m < SHARING_MIGRATION)) await apply(db, migration);
  await addUser("later-admin", "admin", "2026-02-01");
  await addUser("first-admin", "admin", "2026-01-01");
  await addUser("ed", "editor", "2026-03-01");
  await addUser("vi", "viewer", "2026-03-02");
  const graph = { nodes: [{ id: "hook", type: "trigger.webhook" }], edges: [] };
  for (const id of ["w1", "w2"])
    await db.query(`INSERT INTO "Workflow" (id, name, graph, "updatedAt") VALUES ($1, $1, $2, now())`, [
      id,
      JSON.stringify(graph),
    ]);
  await db.query(
    `INSERT INTO "Run" (id, "workflowId", status, plan, graph) VALUES ('r1', 'w1', 'completed', '{}', '{}')`,
  );

  for (const migration of migrations.filter((m) => m >= SHARING_MIGRATION)) await apply(db, migration);

  const { rows: workflows } = await db.query(
    `SELECT id, graph, "ownerId", "folderId", tags FROM "Workflow" ORDER BY id`,
  );
  expect(workflows).toEqual(
    ["w1", "w2"].map((id) => ({ id, graph, ownerId: "first-admin", folderId: "shared-workflows", tags: [] })),
  );
  const { rows: members } = await db.query(
    `SELECT f.name, m."userId", m.role FROM "FolderMember" m JOIN "Folder" f ON f.id = m."folderId"
      ORDER BY m."userId"`,
  );
  expect(members).toEqual([
    { name: "Shared workflows", userId: "ed", role: "editor" },
    { name: "Shared workflows", userId: "vi", role: "viewer" },
  ]);
  expect((await db.query(`SELECT id FROM "Run"`)).rows).toEqual([{ id: "r1" }]);
});
