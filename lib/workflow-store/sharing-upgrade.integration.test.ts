/**
 * The upgrade to ownership and folders on a database with people, workflows and runs: every workflow keeps its graph
 * and runs, is owned by the first admin, and sits in "Shared workflows" where each non-admin keeps the access their
 * role gave them before (viewers read, editors change). The migrations are applied as the SQL files they are.
 */
import { expect, it } from "vitest";
import { useUpgradeDatabase } from "../testing/upgrade-database";

const SHARING_MIGRATION = "20261128024300_workflow_sharing";
const { db, applyBefore, applyFrom } = useUpgradeDatabase("sharing_upgrade");

const addUser = (id: string, role: string, createdAt: string) =>
  db().query(
    `INSERT INTO "user" (id, name, email, role, "createdAt", "updatedAt") VALUES ($1, $1, $1 || '@x.test', $2, $3, $3)`,
    [id, role, createdAt],
  );

it("gives existing workflows the first admin as owner and keeps everyone's access through a shared folder", async () => {
  await applyBefore(SHARING_MIGRATION);
  await addUser("later-admin", "admin", "2026-02-01");
  await addUser("first-admin", "admin", "2026-01-01");
  await addUser("ed", "editor", "2026-03-01");
  await addUser("vi", "viewer", "2026-03-02");
  const graph = { nodes: [{ id: "hook", type: "trigger.webhook" }], edges: [] };
  for (const id of ["w1", "w2"])
    await db().query(`INSERT INTO "Workflow" (id, name, graph, "updatedAt") VALUES ($1, $1, $2, now())`, [
      id,
      JSON.stringify(graph),
    ]);
  await db().query(
    `INSERT INTO "Run" (id, "workflowId", status, plan, graph) VALUES ('r1', 'w1', 'completed', '{}', '{}')`,
  );

  await applyFrom(SHARING_MIGRATION);

  const { rows: workflows } = await db().query(
    `SELECT id, graph, "ownerId", "folderId", tags FROM "Workflow" ORDER BY id`,
  );
  expect(workflows).toEqual(
    ["w1", "w2"].map((id) => ({ id, graph, ownerId: "first-admin", folderId: "shared-workflows", tags: [] })),
  );
  const { rows: members } = await db().query(
    `SELECT f.name, m."userId", m.role FROM "FolderMember" m JOIN "Folder" f ON f.id = m."folderId"
      ORDER BY m."userId"`,
  );
  expect(members).toEqual([
    { name: "Shared workflows", userId: "ed", role: "editor" },
    { name: "Shared workflows", userId: "vi", role: "viewer" },
  ]);
  expect((await db().query(`SELECT id FROM "Run"`)).rows).toEqual([{ id: "r1" }]);
});
