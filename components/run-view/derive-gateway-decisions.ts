/**
 * What the gateway decided about an agent's calls, derived from run events: blocked attempts
 * (outside the allow-list) and human approvals, pending or decided. Pending approvals come from
 * the events alone, so they survive a page reload.
 */
import type { ApprovalDecider, RunEvent } from "@/lib/runs/events";

export type BlockedAttempt = {
  seq: number;
  at: string;
  agentNodeId: string;
  toolName: string;
  args: unknown;
  reason: string;
};

export type ApprovalView = {
  callId: string;
  agentNodeId: string;
  toolName: string;
  args: unknown;
  requestedAt: string;
  timeoutSeconds: number;
  state: "pending" | "approved" | "denied";
  by?: ApprovalDecider;
  /** The arguments the call went ahead with, when a person edited them. */
  approvedArgs?: unknown;
  reason?: string;
};

export function deriveBlockedAttempts(events: readonly RunEvent[]): BlockedAttempt[] {
  return events.flatMap((event) =>
    event.type === "tool.call.blocked"
      ? [
          {
            seq: event.seq,
            at: event.at,
            agentNodeId: event.payload.nodeId,
            toolName: event.payload.toolName,
            args: event.payload.args,
            reason: event.payload.reason,
          },
        ]
      : [],
  );
}

/** Every approval request of the run in order; one whose run has ended without a decision is no longer pending. */
export function deriveApprovals(events: readonly RunEvent[], runEnded = false): ApprovalView[] {
  const approvals = new Map<string, ApprovalView>();
  for (const event of events) {
    if (event.type === "tool.approval.requested") {
      const { nodeId, callId, toolName, args, timeoutSeconds } = event.payload;
      approvals.set(callId, {
        callId,
        agentNodeId: nodeId,
        toolName,
        args,
        requestedAt: event.at,
        timeoutSeconds,
        state: "pending",
      });
    } else if (event.type === "tool.approval.decided") {
      const requested = approvals.get(event.payload.callId);
      if (!requested) continue;
      const { decision, by, args, reason } = event.payload;
      approvals.set(requested.callId, { ...requested, state: decision, by, approvedArgs: args, reason });
    }
  }
  const all = [...approvals.values()];
  return runEnded
    ? all.map((approval) =>
        approval.state === "pending"
          ? { ...approval, state: "denied" as const, reason: "the run ended first" }
          : approval,
      )
    : all;
}
