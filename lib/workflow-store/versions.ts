/**
 * Published versions: Publish freezes the draft into an immutable, numbered version, and that version is what the
 * workflow's live triggers run (webhooks, schedules, the MCP server, Workflow Tools, the API). The editor keeps
 * editing the draft (repository.ts); restoring a version copies it back into the draft. A workflow never published
 * has nothing live.
 */
import { getDb } from "../db/client";
import { asJson } from "../db/json";
import { sql } from "../db/sql";
import { syncSchedules } from "../triggers/schedules";
import { WorkflowGraph, emptyGraph } from "../workflow/graph";
import type { Author } from "./author";

export type VersionSummary = {
  number: number;
  name: string;
  note: string;
  authorName: string;
  createdAt: Date;
  live: boolean;
};
export type StoredVersion = Omit<VersionSummary, "live"> & { workflowId: string; graph: WorkflowGraph };
/** The version a live trigger runs: the workflow's published one. */
export type PublishedWorkflow = { id: string; name: string; version: number; graph: WorkflowGraph };

/** Stored graphs were validated on the way in; parsed again so old rows get today's defaults. */
const parsedGraph = (graph: unknown) => {
  const parsed = WorkflowGraph.safeParse(graph);
  return parsed.success ? parsed.data : emptyGraph();
};

export type PublishResult = { ok: true; number: number } | { ok: false; reason: "not-found"; message: string };

/**
 * Publishes the draft as it is stored now as the next version, makes it the live one and arms its schedules. Two
 * people publishing at once get consecutive numbers, never the same one.
 */
export async function publishWorkflow(workflowId: string, note: string, author: Author): Promise<PublishResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await publishOnce(workflowId, note, author);
    } catch (error) {
      // Another publish took the same number between our read and our insert: the next number is free now.
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt === 3) throw error;
    }
  }
}

const UNIQUE_VIOLATION = "23505";

async function publishOnce(workflowId: string, note: string, author: Author): Promise<PublishResult> {
  const [row] = await sql<{ number: number; graph: WorkflowGraph }>`
    WITH next AS (
      SELECT workflow.id, workflow.name, workflow.graph,
        COALESCE((SELECT max(number) FROM "WorkflowVersion" WHERE "workflowId" = workflow.id), 0) + 1 AS number
      FROM "Workflow" workflow WHERE workflow.id = ${workflowId}),
    version AS (
      INSERT INTO "WorkflowVersion" (id, "workflowId", number, name, graph, note, "authorId", "authorName")
      SELECT gen_random_uuid()::text, id, number, name, graph, ${note}, ${author?.id ?? null}, ${author?.name ?? ""}
      FROM next RETURNING number, graph),
    live AS (UPDATE "Workflow" SET "publishedVersion" = (SELECT number FROM version)
      WHERE id = ${workflowId} RETURNING id)
    SELECT version.number, version.graph FROM version, live`;
  if (!row) return { ok: false, reason: "not-found", message: `Workflow ${workflowId} does not exist` };
  await syncSchedules(workflowId, parsedGraph(row.graph));
  return { ok: true, number: row.number };
}

/** The live version of the workflow; null when it does not exist or was never published. */
export async function getPublishedWorkflow(workflowId: string): Promise<PublishedWorkflow | null> {
  const [row] = await sql<{ name: string; number: number; graph: unknown }>`
    SELECT version.name, version.number, version.graph FROM "Workflow" workflow
      JOIN "WorkflowVersion" version
        ON version."workflowId" = workflow.id AND version.number = workflow."publishedVersion"
    WHERE workflow.id = ${workflowId}`;
  return row ? { id: workflowId, name: row.name, version: row.number, graph: parsedGraph(row.graph) } : null;
}

export type LiveVersion =
  { ok: true; workflow: PublishedWorkflow } | { ok: false; reason: "not-found" | "not-published"; message: string };

/** The live version, or why there is none: the workflow does not exist, or was never published (named). */
export async function liveVersion(workflowId: string): Promise<LiveVersion> {
  const workflow = await getPublishedWorkflow(workflowId);
  if (workflow) return { ok: true, workflow };
  const draft = await getDb().workflow.findUnique({ where: { id: workflowId }, select: { name: true } });
  return draft
    ? {
        ok: false,
        reason: "not-published",
        message:
          `Workflow "${draft.name}" (${workflowId}) has never been published: ` +
          "nothing of it is live until someone publishes it",
      }
    : { ok: false, reason: "not-found", message: `Workflow ${workflowId} does not exist` };
}

/** Every published version, newest first. */
export async function listVersions(workflowId: string): Promise<VersionSummary[]> {
  return (await versionHistory(workflowId))?.versions ?? [];
}

/** The published versions, newest first, and which is live; null when the workflow does not exist. */
export async function versionHistory(
  workflowId: string,
): Promise<{ live: number | null; versions: VersionSummary[] } | null> {
  const workflow = await getDb().workflow.findUnique({
    where: { id: workflowId },
    select: {
      publishedVersion: true,
      versions: {
        orderBy: { number: "desc" },
        select: { number: true, name: true, note: true, authorName: true, createdAt: true },
      },
    },
  });
  if (!workflow) return null;
  const live = workflow.publishedVersion;
  return { live, versions: workflow.versions.map((version) => ({ ...version, live: version.number === live })) };
}

export async function getVersion(workflowId: string, number: number): Promise<StoredVersion | null> {
  const row = await getDb().workflowVersion.findUnique({ where: { workflowId_number: { workflowId, number } } });
  if (!row) return null;
  const { workflowId: id, name, note, authorName, createdAt } = row;
  return { workflowId: id, number, name, note, authorName, createdAt, graph: parsedGraph(row.graph) };
}

/** Copies a version's graph and name into the draft (the caller has checked the person may save it). */
export async function restoreVersion(version: StoredVersion): Promise<Date | null> {
  const saved = await getDb().workflow.updateManyAndReturn({
    where: { id: version.workflowId },
    data: { name: version.name, graph: asJson(version.graph) },
    select: { updatedAt: true },
  });
  return saved[0]?.updatedAt ?? null;
}
