/**
 * Ending a node's wait from outside the run — a person in the run view, a one-time link, a POST to
 * a resume URL, an External Agent's Done: the wait ends once (the first ender wins), the run's log
 * says so, an External Agent's token dies at once (not when a worker gets to the node), and a
 * waiting run is woken at once on any worker (wake-run.ts; the sweeper covers a wake-up lost on the
 * way).
 */
import { z } from "zod";
import type { WaitOutcome } from "../nodes/types";
import { dropHandoff } from "../external-agent/handoff";
import { endCallerTokens } from "../gateway/run-liveness";
import { createEventRecorder } from "./record-event";
import { resolveWait, type StoredWait } from "./run-waits";
import { armWake } from "./wake-run";
import type { RedisClient } from "../queue/redis";

/** What a person sends to decide an Approval step (run view or one-time page). */
export const ApprovalStepDecision = z.strictObject({
  decision: z.enum(["approved", "rejected"], { error: 'decision: must be "approved" or "rejected"' }),
  value: z.unknown().optional(),
  comment: z.string().max(2_000, "comment: at most 2,000 characters").optional(),
});
export type ApprovalStepDecision = z.infer<typeof ApprovalStepDecision>;

export type EndWaitResult = { ok: true } | { ok: false; code: "bad-request" | "conflict"; message: string };

/** Checks a decision against the wait it is for: an Approval step that allows no edits takes no value. */
export function approvalProblem(wait: StoredWait, body: unknown): string | ApprovalStepDecision {
  const parsed = ApprovalStepDecision.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return issue.message.includes(":") ? issue.message : `${issue.path.join(".") || "body"}: ${issue.message}`;
  }
  if (parsed.data.value !== undefined && wait.detail.allowEdit === false)
    return "value: this approval does not let the value be edited";
  if (parsed.data.value !== undefined && parsed.data.decision === "rejected")
    return "value: only an approval can carry an edited value";
  return parsed.data;
}

export async function endWait(
  redis: RedisClient,
  wait: StoredWait,
  outcome: Extract<WaitOutcome, { timedOut: false }>,
): Promise<EndWaitResult> {
  const ended = await resolveWait(wait.id, outcome);
  if (!ended)
    return {
      ok: false,
      code: "conflict",
      message: `The wait of node "${wait.nodeId}" has already ended (or its run has)`,
    };
  if (wait.kind === "external")
    await Promise.all([dropHandoff(redis, wait.runId, wait.nodeId), endCallerTokens(redis, wait.runId, wait.nodeId)]);
  const decision = wait.kind === "approval" ? (outcome.value as ApprovalStepDecision).decision : undefined;
  await createEventRecorder(
    redis,
    wait.runId,
  )({
    type: "node.wait.ended",
    payload: {
      nodeId: wait.nodeId,
      kind: wait.kind,
      by: outcome.by,
      ...(outcome.decidedBy ? { decidedBy: outcome.decidedBy } : {}),
      ...(decision ? { decision } : {}),
    },
  }).catch((error) => console.warn(`run ${wait.runId}: could not record the end of a wait: ${String(error)}`));
  // The wait has ended (the link is used): a wake-up Redis cannot take now is the sweeper's to arm, not the caller's
  // error — a retry would only be told the link was used.
  if (ended.runStatus === "waiting")
    await armWake(wait.runId, ended.resolvedAt ?? new Date()).catch((error) =>
      console.warn(`run ${wait.runId}: could not arm its wake-up, the sweeper will: ${String(error)}`),
    );
  return { ok: true };
}
