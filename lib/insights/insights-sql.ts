/**
 * The one statement behind Insights: production runs of a window (test runs from the editor and evaluation runs left
 * out) gathered once, then counted per bucket and status, their durations' percentiles, tokens and cost per bucket and
 * workflow, the nodes that failed in most runs and each tool's calls from the gateway's audit trail — all computed by
 * PostgreSQL, answered as JSON columns. One statement keeps the one definition of "the runs behind a figure" in one
 * place (the runs list's `tests=hide` filter says the same in lib/runs/list-runs.ts).
 */
import { sql } from "../db/sql";

export type FiguresRow = {
  start: string | null;
  runs: number;
  queued: number;
  running: number;
  waiting: number;
  completed: number;
  failed: number;
  cancelled: number;
  p50Ms: number | null;
  p95Ms: number | null;
  tokens: number;
  costUsd: number;
};
export type SpendRow = { start: string; workflowId: string; tokens: number; costUsd: number };
export type NodeRow = {
  workflowId: string;
  workflowName: string;
  nodeId: string;
  label: string | null;
  runs: number;
  failures: number;
};
export type ToolRow = {
  toolName: string;
  calls: number;
  failedCalls: number;
  runs: number;
  failedRuns: number;
  p50Ms: number | null;
  p95Ms: number | null;
  maxMs: number | null;
};
export type InsightRows = {
  figures: FiguresRow[] | null;
  spend: SpendRow[] | null;
  nodes: NodeRow[] | null;
  tools: ToolRow[] | null;
  workflows: { id: string; name: string }[] | null;
};

export type InsightsFilter = {
  from: Date;
  to: Date;
  bucket: "hour" | "day";
  workflowId: string | null;
  /** A key limited to some workflows sees only theirs; null: all. */
  workflowIds: readonly string[] | null;
};

/** The filter as the statement's parameters: times as ISO text, the key's workflows as a plain array. */
function sqlParams(filter: InsightsFilter) {
  const { bucket, workflowId } = filter;
  const workflowIds = filter.workflowIds ? [...filter.workflowIds] : null;
  return { bucket, workflowId, workflowIds, from: filter.from.toISOString(), to: filter.to.toISOString() };
}

export async function queryInsightRows(filter: InsightsFilter): Promise<InsightRows> {
  const { bucket, workflowId, workflowIds, from, to } = sqlParams(filter);
  const [rows] = await sql<InsightRows>`
    WITH runs AS (
      SELECT r.id, r."workflowId", r."createdAt", r.status::text AS status, r."costUsd",
        date_trunc(${bucket}, r."createdAt") AS bucket,
        CASE WHEN r.status IN ('completed', 'failed')
          THEN (extract(epoch FROM r."finishedAt" - r."startedAt") * 1000)::float8 END AS ms,
        (SELECT COALESCE(sum((e.payload->>'totalTokens')::bigint), 0) FROM "RunEvent" e
          WHERE e."runId" = r.id AND e.type = 'llm.usage') AS tokens
      FROM "Run" r
      WHERE r."createdAt" >= ${from}::timestamp AND r."createdAt" < ${to}::timestamp
        AND (${workflowId}::text IS NULL OR r."workflowId" = ${workflowId}::text)
        AND (${workflowIds}::text[] IS NULL OR r."workflowId" = ANY(${workflowIds}::text[]))
        AND r.trigger->'test' IS NULL AND COALESCE(r.trigger->>'kind', '') <> 'evaluation'
    ), figures AS (
      SELECT to_char(bucket, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start, count(*) AS runs,
        count(*) FILTER (WHERE status = 'queued') AS queued, count(*) FILTER (WHERE status = 'running') AS running,
        count(*) FILTER (WHERE status = 'waiting') AS waiting,
        count(*) FILTER (WHERE status = 'completed') AS completed,
        count(*) FILTER (WHERE status = 'failed') AS failed, count(*) FILTER (WHERE status = 'cancelled') AS cancelled,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS "p50Ms",
        percentile_cont(0.95) WITHIN GROUP (ORDER BY ms) AS "p95Ms",
        sum(tokens) AS tokens, sum("costUsd")::float8 AS "costUsd"
      FROM runs GROUP BY GROUPING SETS ((bucket), ())
    ), spend AS (
      SELECT to_char(bucket, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start, "workflowId", sum(tokens) AS tokens,
        sum("costUsd")::float8 AS "costUsd"
      FROM runs GROUP BY bucket, "workflowId"
    ), nodes AS (
      SELECT r."workflowId", e.payload->>'nodeId' AS "nodeId", count(DISTINCT r.id) AS runs, count(*) AS failures,
        (array_agg(r.id ORDER BY r."createdAt" DESC))[1] AS "lastRunId"
      FROM runs r JOIN "RunEvent" e ON e."runId" = r.id
      WHERE e.type = 'node.failed' OR (e.type = 'node.completed' AND e.payload->>'handledError' IS NOT NULL)
      GROUP BY 1, 2 ORDER BY runs DESC, failures DESC, 2 LIMIT 10
    ), tools AS (
      SELECT a."toolName", count(*) AS calls,
        count(*) FILTER (WHERE a.outcome IN ('error', 'blocked')) AS "failedCalls",
        count(DISTINCT r.id) AS runs,
        count(DISTINCT r.id) FILTER (WHERE a.outcome IN ('error', 'blocked')) AS "failedRuns",
        percentile_cont(0.5) WITHIN GROUP (ORDER BY a."durationMs")
          FILTER (WHERE a.outcome IN ('completed', 'error')) AS "p50Ms",
        percentile_cont(0.95) WITHIN GROUP (ORDER BY a."durationMs")
          FILTER (WHERE a.outcome IN ('completed', 'error')) AS "p95Ms",
        max(a."durationMs") FILTER (WHERE a.outcome IN ('completed', 'error')) AS "maxMs"
      FROM runs r JOIN "ToolCallAudit" a ON a."runId" = r.id AND a.at >= ${from}::timestamp
      GROUP BY 1
    )
    SELECT (SELECT json_agg(figures) FROM figures) AS figures, (SELECT json_agg(spend) FROM spend) AS spend,
      (SELECT json_agg(json_build_object('workflowId', n."workflowId", 'workflowName', w.name, 'nodeId', n."nodeId",
          'label', (SELECT node->'data'->>'label' FROM "Run" lr, jsonb_array_elements(lr.graph->'nodes') node
            WHERE lr.id = n."lastRunId" AND node->>'id' = n."nodeId" LIMIT 1),
          'runs', n.runs, 'failures', n.failures) ORDER BY n.runs DESC, n.failures DESC, n."nodeId")
        FROM nodes n JOIN "Workflow" w ON w.id = n."workflowId") AS nodes,
      (SELECT json_agg(tools) FROM tools) AS tools,
      (SELECT json_agg(json_build_object('id', w.id, 'name', w.name) ORDER BY w.name)
        FROM "Workflow" w WHERE w.id IN (SELECT "workflowId" FROM spend)) AS workflows`;
  return rows;
}
