/**
 * The run history: runs newest first, across workflows or for one, filtered by status and start
 * date (and, for the runs behind an Insights figure, by production runs, a failed node or a tool), in pages.
 * Paging is by cursor (the last row's creation time and id), so a page never skips
 * or repeats a run while new ones arrive. Tokens are the sum of the run's `llm.usage` events; its cost is stored on the
 * run.
 */
import { z } from "zod";
import { decodeCursor, encodeCursor } from "../db/page-cursor";
import { sql } from "../db/sql";
import { RUN_STATUSES, type RunStatusName } from "./run-statuses";
import type { RunTrigger } from "./run-trigger";

/** A list query as the API and the /runs page take it (query-string values). */
export const RunListQuery = z.object({
  workflowId: z.string().min(1).max(100).optional(),
  status: z.enum(RUN_STATUSES).optional(),
  /** Runs started on or after this day/time (ISO 8601). */
  since: z.coerce.date().optional(),
  /** Runs started before this day/time (ISO 8601). */
  until: z.coerce.date().optional(),
  /** "hide": leave out test runs from the editor and evaluation runs, as Insights does (insights-sql.ts). */
  tests: z.enum(["hide"]).optional(),
  /** Runs in which this node failed (or handed its error on): Insights' failing nodes. */
  failedNode: z.string().min(1).max(200).optional(),
  /** Runs that called this tool through the gateway (its audit trail). */
  tool: z.string().min(1).max(200).optional(),
  /** Runs in which a call of this tool failed (an error or a blocked call). */
  failedTool: z.string().min(1).max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type RunListQuery = z.infer<typeof RunListQuery>;

export type RunSummary = {
  id: string;
  workflowId: string;
  workflowName: string;
  status: RunStatusName;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  totalTokens: number;
  /** What its model calls have cost so far, in US dollars (the run's costUsd, kept as its events are stored). */
  costUsd: number;
  error: string | null;
  /** What started it: manual, api, webhook or schedule (null for runs from before triggers). */
  triggerKind: string | null;
  /** The start of the run's input as JSON text, for telling runs apart in a list. */
  inputPreview: string | null;
  /** A test run from the editor (partial when its mode is not "all"): what was asked and what ran. */
  test: RunTrigger["test"] | null;
  /** Started without input: the start of the Entry's default input, which the run was given instead (null if none). */
  defaultInputPreview: string | null;
  /** For a waiting run: what its first open wait is (timer, approval, webhook, external) and when it ends by itself. */
  waitingFor: { kind: string; nodeId: string; until: string | null } | null;
};

export type RunPage = { runs: RunSummary[]; nextCursor: string | null };

type Row = Omit<RunSummary, "createdAt" | "startedAt" | "finishedAt" | "durationMs"> & {
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
};

/** `workflowIds` (null: all) keeps only those workflows' runs, for a key limited to some workflows. */
export async function listRuns(query: RunListQuery, workflowIds: readonly string[] | null = null): Promise<RunPage> {
  const after = query.cursor ? decodeCursor(query.cursor, "string") : null;
  const rows = await sql<Row>`
    SELECT r.id, r."workflowId", w.name AS "workflowName", r.status::text AS status, r."createdAt", r."startedAt",
      r."finishedAt", r.error, r."costUsd", left(r.input::text, 120) AS "inputPreview",
      CASE WHEN r.input IS NULL OR r.input IN ('null'::jsonb, '""'::jsonb)
        THEN NULLIF(left(jsonb_path_query_first(r.graph,
          '$.nodes[*] ? (@.type == "core.entry").data.params.defaultInput') #>> '{}', 120), '')
      END AS "defaultInputPreview", r.trigger->>'kind' AS "triggerKind",
      r.trigger->'test' AS test,
      COALESCE((SELECT sum((e.payload->>'totalTokens')::bigint) FROM "RunEvent" e WHERE e."runId" = r.id
        AND e.type = 'llm.usage'), 0) AS "totalTokens",
      (SELECT json_build_object('kind', w.kind, 'nodeId', w."nodeId",
          'until', to_char(w."wakeAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        FROM "RunWait" w WHERE r.status = 'waiting' AND w."runId" = r.id AND w.parked AND w."resolvedAt" IS NULL
        ORDER BY w."wakeAt" NULLS LAST LIMIT 1) AS "waitingFor"
    FROM "Run" r JOIN "Workflow" w ON w.id = r."workflowId"
    WHERE (${query.workflowId ?? null}::text IS NULL OR r."workflowId" = ${query.workflowId ?? null})
      AND (${workflowIds}::text[] IS NULL OR r."workflowId" = ANY(${workflowIds}::text[]))
      AND (${query.status ?? null}::text IS NULL OR r.status::text = ${query.status ?? null})
      AND (${query.since?.toISOString() ?? null}::timestamp IS NULL
        OR r."createdAt" >= ${query.since?.toISOString() ?? null}::timestamp)
      AND (${query.until?.toISOString() ?? null}::timestamp IS NULL
        OR r."createdAt" < ${query.until?.toISOString() ?? null}::timestamp)
      AND (${query.tests ?? null}::text IS NULL
        OR (r.trigger->'test' IS NULL AND COALESCE(r.trigger->>'kind', '') <> 'evaluation'))
      AND (${query.failedNode ?? null}::text IS NULL OR EXISTS (SELECT 1 FROM "RunEvent" e WHERE e."runId" = r.id
        AND e.payload->>'nodeId' = ${query.failedNode ?? null}::text
        AND (e.type = 'node.failed' OR (e.type = 'node.completed' AND e.payload->>'handledError' IS NOT NULL))))
      AND (${query.tool ?? null}::text IS NULL OR EXISTS (SELECT 1 FROM "ToolCallAudit" a
        WHERE a."toolName" = ${query.tool ?? null}::text AND a."runId" = r.id))
      AND (${query.failedTool ?? null}::text IS NULL OR EXISTS (SELECT 1 FROM "ToolCallAudit" a
        WHERE a."toolName" = ${query.failedTool ?? null}::text AND a."runId" = r.id
          AND a.outcome IN ('error', 'blocked')))
      AND (${after?.at ?? null}::timestamp IS NULL
        OR (r."createdAt", r.id) < (${after?.at ?? null}::timestamp, ${after?.id ?? null}::text))
    ORDER BY r."createdAt" DESC, r.id DESC
    LIMIT ${query.limit + 1}`;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    runs: page.map((row) => ({
      ...row,
      totalTokens: Number(row.totalTokens),
      createdAt: row.createdAt.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
      durationMs: row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(new Date(last.createdAt), last.id) : null,
  };
}
