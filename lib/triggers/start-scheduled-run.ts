/**
 * What a worker does when a schedule fires: account for the firing in PostgreSQL (schedule-state.ts:
 * a firing already noted as missed starts nothing; firings skipped before it are noted, and made up
 * for once under `catchUpOnce`), then start a run of the workflow's published version, with the Schedule
 * node's input — unless the node is gone from it or disabled meanwhile.
 */
import type { StartRunResult } from "../runs/start-run";
import { startRun } from "../runs/start-run";
import { getPublishedWorkflow } from "../workflow-store/versions";
import { accountFiring, recordCatchUpRun, recordFiringRun, type Accounting, type ScheduleKey } from "./schedule-state";
import { SCHEDULE_NODE_TYPE, wantedSchedules, type ScheduledRunData, type WantedSchedule } from "./schedules";

type NotStarted = { ok: false; reason: "not-armed" | "accounted"; message: string };
type ArmedSchedule = { schedule: WantedSchedule; input: unknown };

async function armedSchedule({ workflowId, nodeId }: ScheduleKey): Promise<ArmedSchedule | null> {
  const workflow = await getPublishedWorkflow(workflowId);
  const node = workflow?.graph.nodes.find(
    (candidate) => candidate.id === nodeId && candidate.type === SCHEDULE_NODE_TYPE,
  );
  const [schedule] = node ? wantedSchedules({ nodes: [node], edges: [] }) : [];
  return schedule ? { schedule, input: (node!.data.params as { input?: unknown }).input } : null;
}

const startScheduleRun = (key: ScheduleKey, input: unknown) =>
  startRun(key.workflowId, input, { kind: "schedule", nodeId: key.nodeId });

/** Says what was missed, and starts the one catch-up run when the policy asks for it. */
export async function actOnMissed(
  key: ScheduleKey,
  input: unknown,
  accounting: Accounting,
  log: (message: string) => void,
): Promise<void> {
  const { missed, catchUpMissId } = accounting;
  if (!missed) return;
  const span =
    `${missed.count} firing${missed.count === 1 ? "" : "s"} from ${missed.first.toISOString()} to ` +
    `${missed.last.toISOString()}`;
  let made = "";
  if (catchUpMissId !== null) {
    const started = await startScheduleRun(key, input);
    if (started.ok) await recordCatchUpRun(catchUpMissId, started.runId);
    made = started.ok
      ? `; caught up once with run ${started.runId}`
      : `; the catch-up run did not start: ${started.message}`;
  }
  log(`[schedules] schedule ${key.nodeId} of workflow ${key.workflowId} missed ${span}${made}`);
}

/** `scheduledAt`: the time the firing was scheduled for (BullMQ's `prevMillis`), now when unknown. */
export async function startScheduledRun(
  key: ScheduledRunData,
  scheduledAt?: number,
  log: (message: string) => void = console.error,
): Promise<StartRunResult | NotStarted> {
  const armed = await armedSchedule(key);
  if (!armed)
    return {
      ok: false,
      reason: "not-armed",
      message: `Schedule ${key.nodeId} of workflow ${key.workflowId} is gone or disabled`,
    };
  const at = new Date(scheduledAt ?? Date.now());
  const accounting = await accountFiring(key, armed.schedule, at);
  await actOnMissed(key, armed.input, accounting, log);
  if (!accounting.fire)
    return {
      ok: false,
      reason: "accounted",
      message: `The firing of ${at.toISOString()} was already accounted for (noted as missed)`,
    };
  const started = await startScheduleRun(key, armed.input);
  if (started.ok) await recordFiringRun(key, started.runId);
  return started;
}
