/**
 * PostgreSQL is the truth about schedules; Redis only carries them. The reconciler makes BullMQ's
 * job schedulers match the Schedule triggers of the stored workflows — arming what is missing or
 * changed (a flushed or failed-over Redis), removing what no workflow asks for, re-arming the
 * hourly cleanup — and then accounts for firings that can no longer come: noted as missed, and
 * made up for once under `catchUpOnce` (schedule-state.ts). Idempotent; schedule-keeper.ts runs it.
 */
import type { JobSchedulerJson } from "bullmq";
import { sql } from "../db/sql";
import type { WorkflowNode } from "../workflow/graph";
import { firingsBetween } from "./missed-firings";
import { accountOverdue, forgetOtherSchedules, listScheduleStates, type StoredScheduleState } from "./schedule-state";
import { actOnMissed } from "./start-scheduled-run";
import {
  armRetentionCleanup,
  armSchedule,
  RETENTION_JOB,
  SCHEDULE_NODE_TYPE,
  schedulerId,
  triggersQueue,
  wantedSchedules,
  type WantedSchedule,
} from "./schedules";

export type ReconcileOptions = {
  /** A firing due less than this long ago may still be on its way through the queue: it is not judged missed yet. */
  graceMs?: number;
  log?: (message: string) => void;
};

export type ReconcileReport = { armed: string[]; removed: string[]; missed: number };

type StoredSchedule = WantedSchedule & { workflowId: string; input: unknown };

/** Every enabled, valid Schedule trigger of every published version that is live (read from its nodes in SQL). */
async function storedSchedules(): Promise<StoredSchedule[]> {
  const rows = await sql<{ workflowId: string; node: WorkflowNode }>`
    SELECT workflow.id AS "workflowId", node FROM "Workflow" workflow
      JOIN "WorkflowVersion" version
        ON version."workflowId" = workflow.id AND version.number = workflow."publishedVersion"
      CROSS JOIN LATERAL jsonb_array_elements(version.graph->'nodes') node
    WHERE node->>'type' = ${SCHEDULE_NODE_TYPE}`;
  return rows.flatMap(({ workflowId, node }) =>
    wantedSchedules({ nodes: [node], edges: [] }).map((schedule) => ({
      ...schedule,
      workflowId,
      input: (node.data?.params as { input?: unknown })?.input,
    })),
  );
}

/** Arms what is missing or changed and removes what nobody wants; answers the ids it armed. */
async function matchSchedulers(
  wanted: StoredSchedule[],
  armed: Map<string, JobSchedulerJson>,
  report: ReconcileReport,
): Promise<void> {
  for (const schedule of wanted) {
    const current = armed.get(schedulerId(schedule.workflowId, schedule.nodeId));
    if (current && current.pattern === schedule.pattern && (current.tz ?? "UTC") === schedule.tz) continue;
    await armSchedule(schedule.workflowId, schedule);
    report.armed.push(schedulerId(schedule.workflowId, schedule.nodeId));
  }
  const keep = new Set(wanted.map((schedule) => schedulerId(schedule.workflowId, schedule.nodeId)));
  for (const key of armed.keys()) {
    if (!key.startsWith("wf:") || keep.has(key)) continue;
    await triggersQueue().removeJobScheduler(key);
    report.removed.push(key);
  }
  if (!armed.has(RETENTION_JOB)) await armRetentionCleanup();
}

/**
 * Up to when the schedule's firings can no longer come: before BullMQ's next one when its scheduler was intact, else up
 * to now (less the grace).
 */
function overdueUntil(
  schedule: StoredSchedule,
  armed: Map<string, JobSchedulerJson>,
  report: ReconcileReport,
  now: number,
  graceMs: number,
): Date {
  const key = schedulerId(schedule.workflowId, schedule.nodeId);
  const next = report.armed.includes(key) ? undefined : armed.get(key)?.next;
  return new Date(Math.min(next ?? Infinity, now - graceMs));
}

const isOverdue = (schedule: StoredSchedule, state: StoredScheduleState | undefined, upTo: Date) =>
  !state ||
  state.pattern !== schedule.pattern ||
  state.timezone !== schedule.tz ||
  firingsBetween(schedule.pattern, schedule.tz, state.coveredUntil, upTo) !== null;

export async function reconcileSchedules({
  graceMs = 5_000,
  log = console.error,
}: ReconcileOptions = {}): Promise<ReconcileReport> {
  const report: ReconcileReport = { armed: [], removed: [], missed: 0 };
  // Redis first, then PostgreSQL: a save landing in between is seen as wanted, never removed as unwanted.
  const armed = new Map((await triggersQueue().getJobSchedulers(0, -1)).map((scheduler) => [scheduler.key, scheduler]));
  const wanted = await storedSchedules();
  await matchSchedulers(wanted, armed, report);
  if (report.armed.length > 0)
    log(
      `[schedules] armed ${report.armed.length} schedule(s) PostgreSQL has and Redis did not: ` +
        `${report.armed.join(", ")}`,
    );
  await forgetOtherSchedules(wanted);
  const states = new Map((await listScheduleStates()).map((state) => [`${state.workflowId}:${state.nodeId}`, state]));
  const now = Date.now();
  for (const schedule of wanted) {
    const upTo = overdueUntil(schedule, armed, report, now, graceMs);
    if (!isOverdue(schedule, states.get(`${schedule.workflowId}:${schedule.nodeId}`), upTo)) continue;
    const key = { workflowId: schedule.workflowId, nodeId: schedule.nodeId };
    try {
      const accounting = await accountOverdue(key, schedule, upTo, new Date(now));
      report.missed += accounting.missed?.count ?? 0;
      await actOnMissed(key, schedule.input, accounting, log);
    } catch (error) {
      log(
        `[schedules] could not account for schedule ${schedule.nodeId} of workflow ${schedule.workflowId}: ` +
          `${(error as Error).message}`,
      );
    }
  }
  return report;
}
