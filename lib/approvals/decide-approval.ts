/**
 * A person's decision on a waiting call (the run view's Approve / Deny): stored once, recorded
 * as `tool.approval.decided`, then the gateway call holding it is woken.
 */
import { createEventRecorder } from "../runs/record-event";
import {
  getApprovalDecision,
  getApprovalRequest,
  storeApprovalDecision,
  wakeApprovalWaiter,
  type ApprovalDecision,
} from "./approval-store";
import type { RedisClient } from "../queue/redis";

export type PersonDecision = Pick<ApprovalDecision, "decision" | "args" | "reason">;

export type DecideOutcome =
  { ok: true; decision: ApprovalDecision } | { ok: false; code: "not-found" | "already-decided"; message: string };

export async function decideApproval(
  redis: RedisClient,
  runId: string,
  callId: string,
  input: PersonDecision,
  decidedBy?: string,
): Promise<DecideOutcome> {
  const request = await getApprovalRequest(redis, runId, callId);
  if (!request) return { ok: false, code: "not-found", message: `Run ${runId} has no approval request ${callId}` };
  const decision: ApprovalDecision =
    input.decision === "approved"
      ? {
          decision: "approved",
          by: "person",
          decidedBy,
          args: input.args ?? request.args,
          ...(input.reason ? { reason: input.reason } : {}),
        }
      : { decision: "denied", by: "person", decidedBy, ...(input.reason ? { reason: input.reason } : {}) };
  if (!(await storeApprovalDecision(redis, request, decision))) {
    const existing = await getApprovalDecision(redis, runId, callId);
    const how =
      existing?.by === "timeout"
        ? "denied when its time ran out"
        : existing?.by === "run-end"
          ? "denied when the run ended"
          : existing?.decision;
    return {
      ok: false,
      code: "already-decided",
      message: `The call to ${request.toolName} was already ${how ?? "decided"}`,
    };
  }
  await createEventRecorder(
    redis,
    runId,
  )({
    type: "tool.approval.decided",
    payload: { nodeId: request.agentNodeId, callId, toolName: request.toolName, ...decision },
  });
  await wakeApprovalWaiter(redis, request);
  return { ok: true, decision };
}
