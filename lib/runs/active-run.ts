/**
 * The run of a workflow that is still going (queued, running or waiting), if any: the editor follows it live. Plain
 * SQL: it is read on every editor open, and Prisma's query compiler cost ~4 ms of CPU for it.
 */
import "server-only";
import { sql } from "../db/sql";

export async function findActiveRunId(workflowId: string): Promise<string | null> {
  const [run] = await sql<{ id: string }>`
    SELECT id FROM "Run" WHERE "workflowId" = ${workflowId} AND status IN ('queued', 'running', 'waiting')
    ORDER BY "createdAt" DESC LIMIT 1`;
  return run?.id ?? null;
}
