/**
 * A run's end decides the calls still waiting for a person: each is denied "by run-end", recorded
 * as `tool.approval.decided` and its gateway call woken, so nothing waits on a run that is over.
 */
import type { RunEventInput } from "../runs/events";
import {
  endRunApprovals,
  storeApprovalDecision,
  wakeApprovalWaiter,
  type ApprovalDecision,
  type ApprovalRequest,
} from "./approval-store";
import type { RedisClient } from "../queue/redis";

type RecordEvent = (event: RunEventInput) => Promise<unknown>;

export const RUN_ENDED_DECISION = {
  decision: "denied",
  by: "run-end",
  reason: "the run ended",
} as const satisfies ApprovalDecision;

/** Denies one waiting call because its run ended; false when another decision got there first. */
export async function denyBecauseRunEnded(
  redis: RedisClient,
  request: ApprovalRequest,
  record: RecordEvent,
): Promise<boolean> {
  if (!(await storeApprovalDecision(redis, request, RUN_ENDED_DECISION))) return false;
  try {
    await record({
      type: "tool.approval.decided",
      payload: {
        nodeId: request.agentNodeId,
        callId: request.callId,
        toolName: request.toolName,
        ...RUN_ENDED_DECISION,
      },
    });
  } finally {
    await wakeApprovalWaiter(redis, request); // the waiter must not sit out its timeout because an event failed
  }
  return true;
}

/** Called by the run's teardown, however the run ended; safe to call twice. */
export async function denyApprovalsOnRunEnd(redis: RedisClient, runId: string, record: RecordEvent): Promise<void> {
  const waiting = await endRunApprovals(redis, runId);
  await Promise.all(waiting.map((request) => denyBecauseRunEnded(redis, request, record)));
}
