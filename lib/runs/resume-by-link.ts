/**
 * What a one-time resume URL does (POST /api/resume/{token}): a Wait for webhook ends with the
 * posted JSON as its node's output; an Approval step takes a decision (the link's page sends it).
 * An unknown or forged token and a wait that cannot be ended by a link get the same 404; a link
 * used once, or whose run has ended, is refused with 409.
 */
import { sql } from "../db/sql";
import { ApiError } from "../http/api-error";
import { approvalProblem, endWait } from "./end-wait";
import { waitIdOfToken } from "./resume-link";
import { findWait, type StoredWait } from "./run-waits";
import type { RedisClient } from "../queue/redis";

const NOT_FOUND = "No wait answers at this resume URL";

/** The wait a token opens, if it is a live link (the page shows it; the POST ends it). */
export async function waitOfLink(token: string): Promise<StoredWait> {
  const waitId = waitIdOfToken(token);
  const wait = waitId ? await findWait(waitId) : null;
  if (!wait || (wait.kind !== "webhook" && wait.kind !== "approval")) throw new ApiError("not-found", NOT_FOUND);
  return wait;
}

/** The Approval step a link still decides: null when it was used, its run has ended, or it is no approval link. */
export async function liveApprovalOfLink(token: string): Promise<StoredWait | null> {
  const wait = await waitOfLink(token).catch(() => null);
  if (!wait || wait.kind !== "approval" || wait.resolvedAt) return null;
  const [run] = await sql<{ status: string }>`SELECT status::text FROM "Run" WHERE id = ${wait.runId}`;
  return run && (run.status === "running" || run.status === "waiting") ? wait : null;
}

export async function resumeByLink(
  redis: RedisClient,
  token: string,
  readBody: () => Promise<unknown>,
): Promise<Response> {
  const wait = await waitOfLink(token);
  if (wait.resolvedAt) throw new ApiError("conflict", "This resume URL has been used already: it works once");
  const body = await readBody();
  let value: unknown = body;
  if (wait.kind === "approval") {
    const decision = approvalProblem(wait, body);
    if (typeof decision === "string") throw new ApiError("bad-request", decision);
    value = decision;
  }
  const ended = await endWait(redis, wait, {
    timedOut: false,
    by: wait.kind === "webhook" ? "webhook" : "link",
    value,
  });
  if (!ended.ok) throw new ApiError("conflict", "This resume URL has been used already, or its run has ended");
  return Response.json({ status: "resumed", runId: wait.runId, nodeId: wait.nodeId }, { status: 202 });
}
