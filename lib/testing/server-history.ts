/**
 * A bench's or a test's database starts empty; a running server's does not. Its Run table holds the runs it has run,
 * and autovacuum keeps that table's statistics. PostgreSQL plans a named statement once for all its later calls (a
 * generic plan) from those statistics, and in a database made a minute ago they say "a handful of rows": the plans
 * chosen then stay for the whole measurement while the table grows, and a sequential scan that is right for ten rows is
 * measured against thousands (seen: the bench's own completion poller, ~60 ms a call with 1,000 runs waiting). So a
 * bench gives its database a server's history first: finished runs, then ANALYZE, which also has every connection plan
 * its statements again. A test of those plans does the same, and takes the history away after.
 */
import { sql } from "../db/sql";

const HISTORY = "history-";

export async function giveServerHistory(workflowId: string, runs = 10_000): Promise<void> {
  await sql`
    INSERT INTO "Run" (id, "workflowId", status, plan, graph, "createdAt", "startedAt", "finishedAt")
    SELECT ${HISTORY} || gen_random_uuid(), ${workflowId}, 'completed', '{}'::jsonb, '{}'::jsonb,
      now() - interval '1 day', now() - interval '1 day', now() - interval '1 day'
    FROM generate_series(1, ${runs}::int)`;
  await sql`ANALYZE "Run", "RunEvent"`;
}

/** Takes the history away again (a test's other tests count the runs they made). */
export async function forgetServerHistory(): Promise<void> {
  await sql`DELETE FROM "Run" WHERE id LIKE ${`${HISTORY}%`}`;
  await sql`ANALYZE "Run", "RunEvent"`;
}
