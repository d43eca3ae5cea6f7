/**
 * What a row's run did, as the evaluators read it: its status, output and error, the gateway's records of its tool
 * calls (ToolCallAudit, the same records the run view and the audit page show), its tokens (the `llm.usage` events, as
 * the runs list sums them), its cost and its duration.
 */
import { sql } from "../db/sql";
import type { RunStatusRow } from "../runs/read-run";
import type { RowOutcome, ToolCallRecord } from "./evaluators/types";

export type RunFigures = Omit<RowOutcome, "input" | "expectations">;

export async function runFigures(run: RunStatusRow): Promise<RunFigures> {
  const [calls, [spend]] = await Promise.all([
    sql<ToolCallRecord>`
      SELECT "toolName", args, outcome FROM "ToolCallAudit" WHERE "runId" = ${run.id} ORDER BY id`,
    sql<{ costUsd: number; totalTokens: number }>`
      SELECT "costUsd",
        COALESCE((SELECT sum((e.payload->>'totalTokens')::bigint) FROM "RunEvent" e
          WHERE e."runId" = r.id AND e.type = 'llm.usage'), 0) AS "totalTokens"
        FROM "Run" r WHERE id = ${run.id}`,
  ]);
  return {
    status: run.status,
    output: run.output,
    error: run.error,
    toolCalls: calls,
    costUsd: Number(spend?.costUsd ?? 0),
    totalTokens: Number(spend?.totalTokens ?? 0),
    durationMs: run.startedAt && run.finishedAt ? run.finishedAt.getTime() - run.startedAt.getTime() : null,
  };
}
