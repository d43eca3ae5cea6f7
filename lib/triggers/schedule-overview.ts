/**
 * What the editor shows about a workflow's schedules: for each Schedule trigger, whether Redis has
 * it armed and when BullMQ fires it next, when it last fired (and the run), and the last gaps of
 * missed firings with what their policy did — from PostgreSQL, which keeps them across Redis losses.
 */
import { sql } from "../db/sql";
import type { WorkflowGraph } from "../workflow/graph";
import { schedulerId, triggersQueue, wantedSchedules } from "./schedules";

export type ScheduleMissNote = {
  firstMissedAt: Date;
  lastMissedAt: Date;
  count: number;
  policy: string;
  catchUpRunId: string | null;
  notedAt: Date;
};

export type ScheduleOverview = {
  nodeId: string;
  armed: boolean;
  nextFireAt: Date | null;
  lastFiredAt: Date | null;
  lastRunId: string | null;
  misses: ScheduleMissNote[];
};

const MISSES_SHOWN = 5;

export async function scheduleOverview(workflowId: string, graph: WorkflowGraph): Promise<ScheduleOverview[]> {
  const wanted = wantedSchedules(graph);
  if (wanted.length === 0) return [];
  const states = await sql<{ nodeId: string; lastFiredAt: Date | null; lastRunId: string | null }>`
    SELECT "nodeId", "lastFiredAt", "lastRunId" FROM "ScheduleState" WHERE "workflowId" = ${workflowId}`;
  const misses = await sql<ScheduleMissNote & { nodeId: string }>`
    SELECT "nodeId", "firstMissedAt", "lastMissedAt", count, policy, "catchUpRunId", "notedAt" FROM (
      SELECT *, row_number() OVER (PARTITION BY "nodeId" ORDER BY id DESC) AS place FROM "ScheduleMiss"
        WHERE "workflowId" = ${workflowId}) recent
    WHERE place <= ${MISSES_SHOWN} ORDER BY id DESC`;
  return Promise.all(
    wanted.map(async ({ nodeId }) => {
      const scheduler = await triggersQueue().getJobScheduler(schedulerId(workflowId, nodeId));
      const state = states.find((row) => row.nodeId === nodeId);
      return {
        nodeId,
        armed: scheduler !== undefined,
        nextFireAt: scheduler?.next ? new Date(scheduler.next) : null,
        lastFiredAt: state?.lastFiredAt ?? null,
        lastRunId: state?.lastRunId ?? null,
        misses: misses.filter((miss) => miss.nodeId === nodeId).map(({ nodeId: _node, ...miss }) => miss),
      };
    }),
  );
}
