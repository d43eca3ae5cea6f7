/**
 * The gateway's side of human approval: a call to a tool that requires it is stored as pending,
 * announced as `tool.approval.requested`, and held until a person decides or the time runs out
 * (then it is denied, by "timeout") or the run ends (denied, by "run-end"). The decision says
 * whether, and with which arguments, the call goes on.
 */
import { randomUUID } from "node:crypto";
import type { SessionClaims } from "../gateway/session-token";
import type { RegisteredTool } from "../registry/registry";
import type { RunEventInput } from "../runs/events";
import { approvalRuleFor } from "./approval-config";
import {
  createApprovalRequest,
  getApprovalDecision,
  hasRunEnded,
  storeApprovalDecision,
  waitForApprovalDecision,
  type ApprovalRequest,
} from "./approval-store";
import { denyBecauseRunEnded } from "./deny-on-run-end";
import type { RedisClient } from "../queue/redis";

export type ApprovalCall = {
  tool: Pick<RegisteredTool, "nodeId" | "groupNodeId">;
  toolName: string;
  args: Record<string, unknown>;
  callId?: string;
};

export type ApprovalOutcome = { approved: true; args: Record<string, unknown> } | { approved: false; message: string };

type RecordEvent = (event: RunEventInput) => Promise<void>;

const runEndedMessage = (toolName: string) => `Denied: the run ended before anyone decided on the call to ${toolName}`;

/** Reserves a call id for this request: the agent's own, unless another request of the run already has it. */
async function openRequest(
  redis: RedisClient,
  base: Omit<ApprovalRequest, "callId">,
  callId: string | undefined,
): Promise<ApprovalRequest> {
  const preferred = callId ?? randomUUID();
  for (const candidate of [preferred, `${preferred}-${randomUUID().slice(0, 8)}`]) {
    const request = { ...base, callId: candidate };
    if (await createApprovalRequest(redis, request)) return request;
  }
  throw new Error(`Could not open an approval request for ${base.toolName}`);
}

export async function awaitApproval(
  redis: RedisClient,
  scope: SessionClaims,
  call: ApprovalCall,
  record: RecordEvent,
): Promise<ApprovalOutcome> {
  const rule = await approvalRuleFor(scope.runId, call.tool);
  if (!rule) return { approved: true, args: call.args };

  const request = await openRequest(
    redis,
    {
      runId: scope.runId,
      agentNodeId: scope.agentNodeId,
      toolName: call.toolName,
      args: call.args,
      timeoutSeconds: rule.timeoutSeconds,
      requestedAt: new Date().toISOString(),
    },
    call.callId,
  );
  const { callId, toolName, args, timeoutSeconds } = request;
  // A call that arrives after its run's teardown collected the waiting ones must not wait on its own.
  if (await hasRunEnded(redis, scope.runId)) {
    await denyBecauseRunEnded(redis, request, record);
    return { approved: false, message: runEndedMessage(toolName) };
  }
  await record({
    type: "tool.approval.requested",
    payload: { nodeId: scope.agentNodeId, callId, toolName, args, timeoutSeconds },
  });

  let decision = await waitForApprovalDecision(redis, request, timeoutSeconds * 1000);
  if (!decision) {
    const timedOut = {
      decision: "denied" as const,
      by: "timeout" as const,
      reason: `no decision within ${timeoutSeconds} s`,
    };
    if (await storeApprovalDecision(redis, request, timedOut)) {
      await record({
        type: "tool.approval.decided",
        payload: { nodeId: scope.agentNodeId, callId, toolName, ...timedOut },
      });
      decision = timedOut;
    } else {
      // A person decided in the last instant; their decision stands (and was recorded by them).
      decision = await getApprovalDecision(redis, scope.runId, callId);
    }
  }
  if (decision?.decision === "approved") return { approved: true, args: decision.args ?? args };
  if (decision?.by === "run-end") return { approved: false, message: runEndedMessage(toolName) };
  if (decision?.by === "timeout")
    return { approved: false, message: `Denied: nobody approved the call to ${toolName} within ${timeoutSeconds} s` };
  return {
    approved: false,
    message: `Denied: a person denied the call to ${toolName}${decision?.reason ? ` (${decision.reason})` : ""}`,
  };
}
