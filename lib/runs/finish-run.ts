/**
 * The one way a run ends, whatever ended it: a failed node is recorded, calls still waiting for
 * approval are denied, MCP servers are torn down, the terminal event is recorded (so a finished
 * status always means a complete log), the status is written if this worker still holds the
 * lease, and the tool registry is dropped.
 */
import type { Redis } from "ioredis";
import { denyApprovalsOnRunEnd } from "../approvals/deny-on-run-end";
import { teardownRunMcp } from "../mcp/teardown";
import { markRunEnded } from "../gateway/run-liveness";
import { deleteRegistry } from "../registry/registry";
import type { EventRecorder } from "./record-event";
import { endRun, type RunEnding } from "./run-lease";

export type RunOutcome =
  | { status: "completed"; output: unknown }
  | { status: "failed"; error: string; nodeId?: string }
  | { status: "cancelled" };

export type Ending = { runId: string; redis: Redis; emit: EventRecorder; startedAt: number; redactText?: (text: string) => string };

/**
 * Ends the run as `outcome` and answers false when fenced off. `owner` null ends a run no live
 * worker holds (queued, or its worker died): the status is claimed first, so a worker taking the
 * run at that moment wins and nothing is recorded here.
 */
export async function finishRun(ending: Ending, owner: string | null, outcome: RunOutcome): Promise<boolean> {
  const { runId, redis, emit } = ending;
  const failed = outcome.status === "failed" ? { nodeId: outcome.nodeId, error: ending.redactText?.(outcome.error) ?? outcome.error } : undefined;
  const terminal: RunEnding = outcome.status === "failed" ? { status: "failed", error: failed!.error } : outcome;
  if (owner === null && !(await endRun(runId, null, terminal))) return false;
  if (failed?.nodeId) await emit({ type: "node.failed", payload: { nodeId: failed.nodeId, error: failed.error } });
  await Promise.all([
    markRunEnded(redis, runId).catch(() => undefined), // its gateway tokens stop working now
    denyApprovalsOnRunEnd(redis, runId, emit).catch((error) => console.warn(`run ${runId}: could not end its approvals: ${error instanceof Error ? error.message : String(error)}`)),
    teardownRunMcp(runId, emit),
  ]);
  if (outcome.status === "completed") await emit({ type: "run.completed", payload: { output: outcome.output, durationMs: Date.now() - ending.startedAt } });
  else if (failed) await emit({ type: "run.failed", payload: { error: failed.error, nodeId: failed.nodeId } });
  else await emit({ type: "run.cancelled", payload: {} });
  const [ended] = await Promise.all([owner === null || endRun(runId, owner, terminal), deleteRegistry(redis, runId).catch(() => undefined)]);
  return ended;
}
