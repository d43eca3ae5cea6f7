/**
 * Reading a run's status and result (the API's GET /api/runs/{id}, the event stream's existence check), in plain SQL.
 */
import { sql } from "../db/sql";

export type RunStatusRow = {
  id: string;
  workflowId: string;
  status: string;
  input: unknown;
  output: unknown;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
};

export async function getRunStatus(runId: string): Promise<RunStatusRow | null> {
  const [run] = await sql<RunStatusRow>`
    SELECT id, "workflowId", status, input, output, error, "createdAt", "startedAt", "finishedAt" FROM "Run"
      WHERE id = ${runId}`;
  return run ?? null;
}
