/**
 * Workflow storage: the drafts people edit in the editor (each save also noted in the draft's history,
 * draft-history.ts). What runs live is a published version (versions.ts): saving a draft changes nothing live.
 */
import { getDb, type Prisma } from "../db/client";
import { syncSchedules } from "../triggers/schedules";
import { deleteScope } from "../variables/variables";
import { asJson } from "../db/json";
import { sql } from "../db/sql";
import { WorkflowGraph, emptyGraph } from "../workflow/graph";
import type { Author } from "./author";
import { recordDraftSave } from "./draft-history";

/** Who owns a workflow, the folder it is shared through (null: none) and its tags (lib/auth/workflow-access.ts). */
export type WorkflowPlace = { ownerId: string | null; folderId: string | null; tags: string[] };

/** `publishedVersion`: the live version's number; null when never published (nothing of it is live). */
export type WorkflowSummary = WorkflowPlace & {
  id: string;
  name: string;
  updatedAt: Date;
  nodeCount: number;
  publishedVersion: number | null;
  ownerName: string | null;
  folderName: string | null;
};
export type StoredWorkflow = WorkflowPlace & {
  id: string;
  name: string;
  graph: WorkflowGraph;
  updatedAt: Date;
  publishedVersion: number | null;
};

/**
 * Workflows newest first; `where` narrows them (visibleWorkflowsWhere: what a caller may see). Their graphs stay in the
 * database: each one's node count is read there, so a list of large workflows does not travel (and parse) whole.
 */
export async function listWorkflows(where: Prisma.WorkflowWhereInput = {}): Promise<WorkflowSummary[]> {
  const rows = await getDb().workflow.findMany({
    where,
    orderBy: { updatedAt: "desc" },
    select: {
      id: true,
      name: true,
      updatedAt: true,
      publishedVersion: true,
      ownerId: true,
      folderId: true,
      tags: true,
      owner: { select: { name: true } },
      folder: { select: { name: true } },
    },
  });
  const counts = await nodeCounts(rows.map((row) => row.id));
  return rows.map(({ owner, folder, ...row }) => ({
    ...row,
    ownerName: owner?.name ?? null,
    folderName: folder?.name ?? null,
    nodeCount: counts.get(row.id) ?? 0,
  }));
}

/** A workflow as GET /api/workflows lists it, and the editor's workflow pickers show it: no graph, no counts. */
type WorkflowListItem = Pick<StoredWorkflow, "id" | "name" | "publishedVersion" | "ownerId" | "folderId" | "tags">;

/** The workflows `where` keeps (visibleWorkflowsWhere), newest first, as list items (one query). */
export async function listWorkflowItems(where: Prisma.WorkflowWhereInput = {}): Promise<WorkflowListItem[]> {
  return getDb().workflow.findMany({
    where,
    orderBy: { updatedAt: "desc" },
    select: { id: true, name: true, publishedVersion: true, ownerId: true, folderId: true, tags: true },
  });
}

async function nodeCounts(ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ id: string; nodes: number | null }>`
    SELECT id, CASE WHEN jsonb_typeof(graph->'nodes') = 'array' THEN jsonb_array_length(graph->'nodes') END AS nodes
    FROM "Workflow" WHERE id = ANY(${ids})`;
  return new Map(rows.map((row) => [row.id, row.nodes ?? 0]));
}

/** One workflow with its graph; plain SQL, since Prisma's result mapping of a large graph cost twice the query. */
export async function getWorkflow(id: string): Promise<StoredWorkflow | null> {
  const [row] = await sql<Omit<StoredWorkflow, "graph"> & { graph: unknown }>`
    SELECT id, name, graph, "updatedAt", "publishedVersion", "ownerId", "folderId", tags
    FROM "Workflow" WHERE id = ${id}`;
  if (!row) return null;
  // Stored graphs were validated on the way in; parse again so old rows get today's defaults.
  const graph = WorkflowGraph.safeParse(row.graph);
  return { ...row, graph: graph.success ? graph.data : emptyGraph() };
}

/**
 * A new workflow: a draft, never published (nothing of it is live until someone publishes it), owned by whoever made
 * it (no owner: only admins and its folder's members reach it).
 */
export async function createWorkflow(
  name: string,
  graph: WorkflowGraph = emptyGraph(),
  place: Partial<WorkflowPlace> = {},
): Promise<{ id: string }> {
  return getDb().workflow.create({ data: { name, graph: asJson(graph), ...place }, select: { id: true } });
}

/**
 * Moves a workflow to a folder (null: out of any) and/or sets its tags; false when it does not exist. Filing is not a
 * change of the draft, so its version (updatedAt, which Prisma would bump) stays: an open editor saves on unhindered.
 */
export async function placeWorkflow(id: string, changes: { folderId?: string | null; tags?: string[] }) {
  const db = getDb();
  const { folderId, tags } = changes;
  const moved =
    folderId === undefined ? 1 : await db.$executeRaw`UPDATE "Workflow" SET "folderId" = ${folderId} WHERE id = ${id}`;
  const tagged = tags === undefined ? 1 : await db.$executeRaw`UPDATE "Workflow" SET tags = ${tags} WHERE id = ${id}`;
  return moved > 0 && tagged > 0;
}

/** Returns false when the workflow does not exist. */
export async function updateWorkflow(id: string, changes: { name?: string; graph?: WorkflowGraph }): Promise<boolean> {
  const result = await getDb().workflow.updateMany({
    where: { id },
    data: { name: changes.name, graph: changes.graph && asJson(changes.graph) },
  });
  return result.count > 0;
}

export type VersionedSave =
  { status: "saved"; version: Date } | { status: "missing" } | { status: "conflict"; version: Date };

/**
 * Saves the editor's graph only if the stored workflow is still the version the editor started
 * from (optimistic concurrency: two tabs cannot silently overwrite each other); `expected` null
 * saves whatever is stored (the person chose to overwrite).
 */
export async function saveWorkflowVersion(
  id: string,
  changes: { name?: string; graph: WorkflowGraph },
  expected: Date | null,
  author: Author,
): Promise<VersionedSave> {
  const db = getDb();
  const result = await db.workflow.updateMany({
    where: { id, ...(expected ? { updatedAt: expected } : {}) },
    data: { name: changes.name, graph: asJson(changes.graph) },
  });
  const current = await db.workflow.findUnique({ where: { id }, select: { updatedAt: true, name: true } });
  if (!current) return { status: "missing" };
  if (result.count === 0) return { status: "conflict", version: current.updatedAt };
  await recordDraftSave(id, { name: current.name, graph: changes.graph }, author);
  return { status: "saved", version: current.updatedAt };
}

export async function deleteWorkflow(id: string): Promise<boolean> {
  const result = await getDb().workflow.deleteMany({ where: { id } });
  await Promise.all([syncSchedules(id, null), deleteScope(id)]);
  return result.count > 0;
}
