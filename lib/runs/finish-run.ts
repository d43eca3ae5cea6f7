/**
 * The one way a run ends, whatever ended it: a failed node is recorded, calls still waiting for
 * approval are denied, the records of tool calls already answered are awaited, MCP servers are
 * torn down, the terminal event and the status are written together if this worker still holds
 * the lease (so a finished status always means a complete log), and the tool registry is dropped.
 * A run that wires no tools skips the tool clean-up.
 */
import { denyApprovalsOnRunEnd } from "../approvals/deny-on-run-end";
import { teardownRunMcp } from "../mcp/teardown";
import { markRunEnded } from "../gateway/run-liveness";
import { awaitCallRecords } from "../audit/pending-call-records";
import { deleteRegistry } from "../registry/registry";
import { countMetric, observeMetric } from "../metrics/metrics";
import { annotateActiveSpan } from "../telemetry/spans";
import type { RunEventInput } from "./events";
import type { RunRecorder } from "./record-event";
import { endRun, type RunEnding } from "./run-lease";
import type { RedisClient } from "../queue/redis";

export type RunOutcome =
  | { status: "completed"; output: unknown }
  | { status: "failed"; error: string; nodeId?: string }
  | { status: "cancelled" };

export type Ending = {
  runId: string;
  /** For the metrics of runs ended, by workflow. */
  workflowId: string;
  redis: RedisClient;
  emit: RunRecorder;
  startedAt: number;
  redactText?: (text: string) => string;
  /**
   * False when the run's plan wires no tools and mints no tokens: no registry, approvals, MCP servers or token liveness
   * to clean up.
   */
  usesGateway?: boolean;
  /** False for an evaluation's run: kept out of the production metrics (its start counts as trigger "evaluation"). */
  metered?: boolean;
  /** Called once a failed ending is recorded (with the redacted error): starts the workflow's error workflow. */
  onFailed?: (failure: { error: string; nodeId?: string }) => Promise<unknown>;
};

/**
 * Ends the run as `outcome` and answers false when fenced off. `owner` null ends a run no live
 * worker holds (queued, or its worker died): the status is claimed first, so a worker taking the
 * run at that moment wins and nothing is recorded here.
 */
export async function finishRun(ending: Ending, owner: string | null, outcome: RunOutcome): Promise<boolean> {
  const { runId, redis, emit } = ending;
  const failed =
    outcome.status === "failed"
      ? { nodeId: outcome.nodeId, error: ending.redactText?.(outcome.error) ?? outcome.error }
      : undefined;
  const terminal: RunEnding = outcome.status === "failed" ? { status: "failed", error: failed!.error } : outcome;
  if (owner === null && !(await endRun(runId, null, terminal))) return false;
  if (failed?.nodeId) emit.note({ type: "node.failed", payload: { nodeId: failed.nodeId, error: failed.error } });
  const usesGateway = ending.usesGateway !== false;
  if (usesGateway) {
    await Promise.all([
      // Its gateway tokens stop working now; then the records of calls already answered are awaited, so none lands
      // after the end.
      markRunEnded(redis, runId)
        .catch(() => undefined)
        .then(() => awaitCallRecords(redis, runId))
        .catch((error) =>
          console.warn(
            `run ${runId}: could not wait for its tool calls' records: ` +
              `${error instanceof Error ? error.message : String(error)}`,
          ),
        ),
      denyApprovalsOnRunEnd(redis, runId, emit).catch((error) =>
        console.warn(
          `run ${runId}: could not end its approvals: ${error instanceof Error ? error.message : String(error)}`,
        ),
      ),
      teardownRunMcp(runId, emit),
    ]);
  }
  const last: RunEventInput =
    outcome.status === "completed"
      ? { type: "run.completed", payload: { output: outcome.output, durationMs: Date.now() - ending.startedAt } }
      : failed
        ? { type: "run.failed", payload: { error: failed.error, nodeId: failed.nodeId } }
        : { type: "run.cancelled", payload: {} };
  // The terminal event and the status go in one statement, so a finished status always has its complete log.
  let ended = true; // with no owner, the status was claimed above
  if (owner === null) await emit(last);
  else ended = await emit.finish(last, terminal, owner);
  if (usesGateway) await deleteRegistry(redis, runId).catch(() => undefined);
  if (ended) countRunEnd(ending, outcome, failed?.error);
  if (ended && failed) await ending.onFailed?.(failed);
  return ended;
}

function countRunEnd({ workflowId, startedAt, metered }: Ending, outcome: RunOutcome, failure?: string): void {
  const { status } = outcome;
  annotateActiveSpan({ "switchboard.run.status": status }, failure);
  if (metered === false) return;
  const labels = { workflow_id: workflowId, status };
  countMetric("runsFinished", labels);
  observeMetric("runDuration", labels, (Date.now() - startedAt) / 1000);
}
