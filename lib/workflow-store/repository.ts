/** Workflow storage: the graphs people save in the editor. */
import { getDb } from "../db/client";
import { syncSchedules } from "../triggers/schedules";
import { asJson } from "../db/json";
import { WorkflowGraph, emptyGraph } from "../workflow/graph";

export type WorkflowSummary = { id: string; name: string; updatedAt: Date; nodeCount: number };
export type StoredWorkflow = { id: string; name: string; graph: WorkflowGraph; updatedAt: Date };

export async function listWorkflows(): Promise<WorkflowSummary[]> {
  const rows = await getDb().workflow.findMany({
    orderBy: { updatedAt: "desc" },
    select: { id: true, name: true, updatedAt: true, graph: true },
  });
  return rows.map(({ graph, ...row }) => ({ ...row, nodeCount: (graph as { nodes?: unknown[] })?.nodes?.length ?? 0 }));
}

export async function getWorkflow(id: string): Promise<StoredWorkflow | null> {
  const row = await getDb().workflow.findUnique({ where: { id } });
  if (!row) return null;
  // Stored graphs were validated on the way in; parse again so old rows get today's defaults.
  const graph = WorkflowGraph.safeParse(row.graph);
  return { id: row.id, name: row.name, updatedAt: row.updatedAt, graph: graph.success ? graph.data : emptyGraph() };
}

// Every write also arms or disarms the workflow's Schedule triggers (lib/triggers/schedules.ts).

export async function createWorkflow(name: string, graph: WorkflowGraph = emptyGraph()): Promise<{ id: string }> {
  const row = await getDb().workflow.create({ data: { name, graph: asJson(graph) }, select: { id: true } });
  await syncSchedules(row.id, graph);
  return row;
}

/** Returns false when the workflow does not exist. */
export async function updateWorkflow(id: string, changes: { name?: string; graph?: WorkflowGraph }): Promise<boolean> {
  const result = await getDb().workflow.updateMany({
    where: { id },
    data: { name: changes.name, graph: changes.graph && asJson(changes.graph) },
  });
  if (result.count > 0 && changes.graph) await syncSchedules(id, changes.graph);
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
): Promise<VersionedSave> {
  const db = getDb();
  const result = await db.workflow.updateMany({
    where: { id, ...(expected ? { updatedAt: expected } : {}) },
    data: { name: changes.name, graph: asJson(changes.graph) },
  });
  const current = await db.workflow.findUnique({ where: { id }, select: { updatedAt: true } });
  if (!current) return { status: "missing" };
  if (result.count === 0) return { status: "conflict", version: current.updatedAt };
  await syncSchedules(id, changes.graph);
  return { status: "saved", version: current.updatedAt };
}

export async function deleteWorkflow(id: string): Promise<boolean> {
  const result = await getDb().workflow.deleteMany({ where: { id } });
  await syncSchedules(id, null);
  return result.count > 0;
}
