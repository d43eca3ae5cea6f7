/**
 * What each workflow's runs have cost, summed from the runs' stored costUsd (the runs the retention setting still
 * keeps), evaluations' runs left out: the workflow list shows it. One grouped read over the runs' workflow index.
 */
import { sql } from "../db/sql";

export async function workflowCosts(workflowIds: readonly string[]): Promise<Map<string, number>> {
  if (workflowIds.length === 0) return new Map();
  const rows = await sql<{ workflowId: string; costUsd: number }>`
    SELECT "workflowId", sum("costUsd")::float8 AS "costUsd" FROM "Run"
      WHERE "workflowId" = ANY(${[...workflowIds]}::text[]) AND "costUsd" > 0
        AND trigger->>'kind' IS DISTINCT FROM 'evaluation'
      GROUP BY "workflowId"`;
  return new Map(rows.map((row) => [row.workflowId, Number(row.costUsd)]));
}
