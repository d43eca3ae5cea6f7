/** Reading a run's stored events, the complete log (live readers fill gaps with it), in plain SQL. */
import { sql } from "../db/sql";
import type { RunEvent } from "./events";

export async function listEvents(runId: string, afterSeq = 0): Promise<RunEvent[]> {
  const rows = await sql<{ seq: number; type: string; payload: unknown; createdAt: Date }>`
    SELECT seq, type, payload, "createdAt" FROM "RunEvent" WHERE "runId" = ${runId} AND seq > ${afterSeq} ORDER BY seq`;
  return rows.map(
    (row) =>
      ({ runId, seq: row.seq, type: row.type, payload: row.payload, at: row.createdAt.toISOString() }) as RunEvent,
  );
}
