/**
 * The draft's recent saves, for the history beside the published versions: who saved what, and when. Autosave
 * fires every few seconds, so one person's saves in a row within a few minutes count as one entry (the latest
 * graph wins), and only the last entries of each workflow are kept.
 */
import { asJson } from "../db/json";
import { sql } from "../db/sql";
import type { WorkflowGraph } from "../workflow/graph";
import type { Author } from "./author";

/** One person's saves closer together than this are one entry. */
const SAME_SESSION_MS = 10 * 60_000;
/** How many entries each workflow keeps. */
export const KEPT_SAVES = 30;

export type DraftSave = { id: number; name: string; authorName: string; savedAt: Date };

export async function recordDraftSave(
  workflowId: string,
  draft: { name: string; graph: WorkflowGraph },
  author: Author,
): Promise<void> {
  const graph = JSON.stringify(asJson(draft.graph));
  const authorId = author?.id ?? null;
  const updated = await sql`
    UPDATE "WorkflowDraftSave" SET graph = ${graph}::jsonb, name = ${draft.name}, "savedAt" = now()
    WHERE id = (
        SELECT id FROM "WorkflowDraftSave" WHERE "workflowId" = ${workflowId} ORDER BY "savedAt" DESC LIMIT 1)
      AND "authorId" IS NOT DISTINCT FROM ${authorId}
      AND "savedAt" > now() - make_interval(secs => ${SAME_SESSION_MS / 1000})
    RETURNING id`;
  if (updated.length > 0) return;
  await sql`
    INSERT INTO "WorkflowDraftSave" ("workflowId", name, graph, "authorId", "authorName")
    VALUES (${workflowId}, ${draft.name}, ${graph}::jsonb, ${authorId}, ${author?.name ?? ""})`;
  await sql`
    DELETE FROM "WorkflowDraftSave" WHERE "workflowId" = ${workflowId} AND id NOT IN (
      SELECT id FROM "WorkflowDraftSave" WHERE "workflowId" = ${workflowId}
      ORDER BY "savedAt" DESC LIMIT ${KEPT_SAVES})`;
}

/** The recent saves, newest first. */
export async function listDraftSaves(workflowId: string): Promise<DraftSave[]> {
  return sql<DraftSave>`
    SELECT id, name, "authorName", "savedAt" FROM "WorkflowDraftSave"
    WHERE "workflowId" = ${workflowId} ORDER BY "savedAt" DESC LIMIT ${KEPT_SAVES}`;
}
