/**
 * Reading the audit trail: tool calls across runs, newest first, filtered by workflow, tool,
 * caller and outcome, in cursor pages (the last row's time and id, so a page never skips or
 * repeats a call while new ones arrive). Rows outlive their runs and workflows.
 */
import { z } from "zod";
import { decodeCursor, encodeCursor } from "../db/page-cursor";
import { sql } from "../db/sql";

import { AUDIT_CALLERS, AUDIT_OUTCOMES, type AuditCaller, type AuditOutcome } from "./audit-values";

/** A list query as the API and the /audit page take it (query-string values). */
export const ToolCallAuditQuery = z.object({
  workflowId: z.string().min(1).max(100).optional(),
  tool: z.string().min(1).max(200).optional(),
  caller: z.enum(AUDIT_CALLERS).optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  since: z.coerce.date().optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ToolCallAuditQuery = z.infer<typeof ToolCallAuditQuery>;

export type AuditedCall = {
  id: number;
  at: string;
  runId: string;
  workflowId: string;
  workflowName: string;
  callerNodeId: string;
  /** The calling node's label when the call was made (null for rows from before labels were kept). */
  callerLabel: string | null;
  caller: AuditCaller;
  toolName: string;
  args: unknown;
  outcome: AuditOutcome;
  detail: string | null;
  durationMs: number | null;
  /** Who started the run the call belongs to (a person, or whose API key), while the run is kept. */
  startedBy: string | null;
};

export type AuditPage = { calls: AuditedCall[]; nextCursor: string | null };

/** `workflowIds` (null: all, deleted workflows' calls included) keeps only those workflows' calls. */
export async function listToolCalls(
  query: ToolCallAuditQuery,
  workflowIds: readonly string[] | null = null,
): Promise<AuditPage> {
  const after = query.cursor ? decodeCursor(query.cursor, "number") : null;
  const rows = await sql<Omit<AuditedCall, "at"> & { at: Date }>`
    SELECT audit.id, at, "runId", audit."workflowId", "workflowName", "callerNodeId", "callerLabel", caller,
      "toolName", args, outcome, detail, "durationMs",
      run.trigger->'by'->>'name' || CASE WHEN run.trigger->'by'->>'via' = 'api-key' THEN '''s API key' ELSE '' END
        AS "startedBy"
    FROM "ToolCallAudit" audit LEFT JOIN "Run" run ON run.id = audit."runId"
    WHERE (${query.workflowId ?? null}::text IS NULL OR audit."workflowId" = ${query.workflowId ?? null})
      AND (${workflowIds}::text[] IS NULL OR audit."workflowId" = ANY(${workflowIds}::text[]))
      AND (${query.tool ?? null}::text IS NULL OR "toolName" = ${query.tool ?? null})
      AND (${query.caller ?? null}::text IS NULL OR caller = ${query.caller ?? null})
      AND (${query.outcome ?? null}::text IS NULL OR outcome = ${query.outcome ?? null})
      AND (${query.since?.toISOString() ?? null}::timestamp IS NULL
        OR at >= ${query.since?.toISOString() ?? null}::timestamp)
      AND (${after?.at ?? null}::timestamp IS NULL
        OR (at, audit.id) < (${after?.at ?? null}::timestamp, ${after?.id ?? null}::bigint))
    ORDER BY at DESC, audit.id DESC
    LIMIT ${query.limit + 1}`;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    calls: page.map((row) => ({ ...row, at: row.at.toISOString() })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.at, last.id) : null,
  };
}

/**
 * The workflows and tools the trail has seen, for the page's filters (deleted workflows included, by their last name).
 */
export async function auditFilterChoices(
  workflowIds: readonly string[] | null = null,
): Promise<{ workflows: { id: string; name: string }[]; tools: string[] }> {
  const [all, tools] = await Promise.all([
    sql<{
      id: string;
      name: string;
    }>`SELECT DISTINCT ON ("workflowId") "workflowId" AS id, "workflowName" AS name FROM "ToolCallAudit"
      ORDER BY "workflowId", at DESC`,
    sql<{ toolName: string }>`SELECT DISTINCT "toolName" FROM "ToolCallAudit" ORDER BY "toolName" LIMIT 500`,
  ]);
  const workflows = workflowIds === null ? all : all.filter((workflow) => workflowIds.includes(workflow.id));
  return { workflows: workflows.sort((a, b) => a.name.localeCompare(b.name)), tools: tools.map((row) => row.toolName) };
}
