/**
 * The data a workflow's nodes produced most recently: for each node, its output in the newest of
 * the workflow's recent runs that completed it. Test runs from the editor start from these, and
 * the editor's input/output panel shows them. Outputs that a test run only copied from a pin are
 * not counted: unpinning a node must not leave its pin behind as "the last run".
 */
import { sql } from "../db/sql";
import type { NodeOutput } from "../nodes/types";

/** How many of the workflow's newest runs are searched for each node's output. */
const RECENT_RUNS = 25;

export type LatestOutput = {
  nodeId: string;
  output: NodeOutput;
  runId: string;
  /** Set when that run took the node as done instead of running it (an earlier run's output). */
  reused: "earlier-run" | null;
  completedAt: string;
};

type Row = Omit<LatestOutput, "completedAt"> & { completedAt: Date };

export async function latestNodeOutputs(workflowId: string): Promise<LatestOutput[]> {
  const rows = await sql<Row>`
    SELECT DISTINCT ON (e.payload->>'nodeId') e.payload->>'nodeId' AS "nodeId", e.payload->'output' AS output,
      e."runId", e.payload->>'reused' AS reused, e."createdAt" AS "completedAt"
    FROM (SELECT id, "createdAt" FROM "Run" WHERE "workflowId" = ${workflowId}
      ORDER BY "createdAt" DESC LIMIT ${RECENT_RUNS}) r
    JOIN "RunEvent" e ON e."runId" = r.id
    WHERE e.type = 'node.completed' AND e.payload->>'reused' IS DISTINCT FROM 'pinned'
    ORDER BY e.payload->>'nodeId', r."createdAt" DESC, e.seq DESC`;
  return rows.map((row) => ({
    ...row,
    output: (row.output ?? {}) as NodeOutput,
    completedAt: row.completedAt.toISOString(),
  }));
}
