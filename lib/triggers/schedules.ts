/**
 * Schedule triggers on BullMQ job schedulers (no home-made timer): saving a workflow arms one
 * scheduler per enabled Schedule node (`wf:{workflowId}:{nodeId}`) and removes the ones no longer
 * wanted; each firing is a job on the `triggers` queue, which a worker turns into a run. The same
 * queue carries the hourly run-history cleanup.
 */
import { Queue } from "bullmq";
import { queueOptions } from "../queue/queues";
import type { WorkflowGraph } from "../workflow/graph";
import { cronProblem } from "./cron";
import { scheduleIntervalProblem } from "./schedule-interval";

export const TRIGGERS_QUEUE = "triggers";
export const SCHEDULE_NODE_TYPE = "trigger.schedule";

export type ScheduledRunData = { workflowId: string; nodeId: string };

/** Housekeeping on the same queue: the hourly run-history cleanup (lib/settings/retention.ts). */
export const RETENTION_JOB = "retention-cleanup";

/** Arms the hourly cleanup (idempotent: every worker may call it at start). */
export async function armRetentionCleanup(): Promise<void> {
  await triggersQueue().upsertJobScheduler(
    RETENTION_JOB,
    { every: 60 * 60 * 1000 },
    { name: RETENTION_JOB, data: { workflowId: "", nodeId: "" } },
  );
}

const holder = globalThis as unknown as { switchboardTriggersQueue?: Queue<ScheduledRunData> };

export function triggersQueue(): Queue<ScheduledRunData> {
  holder.switchboardTriggersQueue ??= new Queue<ScheduledRunData>(TRIGGERS_QUEUE, {
    ...queueOptions(TRIGGERS_QUEUE),
    defaultJobOptions: { removeOnComplete: 100, removeOnFail: 100 },
  });
  return holder.switchboardTriggersQueue;
}

export const schedulerId = (workflowId: string, nodeId: string) => `wf:${workflowId}:${nodeId}`;

/** What a schedule does about firings it missed (the Schedule node's `missedFirings`). */
export type MissedFiringPolicy = "skip" | "catchUpOnce";

export type WantedSchedule = { nodeId: string; pattern: string; tz: string; missedFirings: MissedFiringPolicy };

/**
 * The schedules a graph asks for: enabled Schedule nodes with a valid cron and time zone that fire no more often than
 * the floor.
 */
export function wantedSchedules(graph: WorkflowGraph | null): WantedSchedule[] {
  return (graph?.nodes ?? []).flatMap((node) => {
    if (node.type !== SCHEDULE_NODE_TYPE) return [];
    const params = node.data.params as {
      enabled?: boolean;
      cron?: unknown;
      timezone?: unknown;
      missedFirings?: unknown;
    };
    const pattern = typeof params.cron === "string" ? params.cron.trim() : "";
    const tz = typeof params.timezone === "string" && params.timezone.trim() ? params.timezone.trim() : "UTC";
    if (params.enabled === false || !pattern || cronProblem(pattern, tz) || scheduleIntervalProblem(pattern, tz))
      return [];
    return [
      { nodeId: node.id, pattern, tz, missedFirings: params.missedFirings === "catchUpOnce" ? "catchUpOnce" : "skip" },
    ];
  });
}

/** Arms (or re-arms with a changed cron) one schedule's BullMQ job scheduler; idempotent. */
export async function armSchedule(workflowId: string, { nodeId, pattern, tz }: WantedSchedule): Promise<void> {
  await triggersQueue().upsertJobScheduler(
    schedulerId(workflowId, nodeId),
    { pattern, tz },
    { name: "scheduled-run", data: { workflowId, nodeId } },
  );
}

/** Makes the workflow's armed schedulers match its graph (null: the workflow is gone, disarm all). */
export async function syncSchedules(workflowId: string, graph: WorkflowGraph | null): Promise<void> {
  const queue = triggersQueue();
  const wanted = wantedSchedules(graph);
  const prefix = schedulerId(workflowId, "");
  const armed = (await queue.getJobSchedulers())
    .map((scheduler) => scheduler.key)
    .filter((key) => key.startsWith(prefix));
  const keep = new Set(wanted.map((schedule) => schedulerId(workflowId, schedule.nodeId)));
  await Promise.all(armed.filter((key) => !keep.has(key)).map((key) => queue.removeJobScheduler(key)));
  await Promise.all(wanted.map((schedule) => armSchedule(workflowId, schedule)));
}
