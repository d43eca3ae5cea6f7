/**
 * A waiting node of a run, for the run view (editor): GET its wait with the one-time links a person
 * may pass on (`resumeUrl`, and `pageUrl` for an Approval step) — links are never in events; POST
 * `{ decision, value?, comment? }` decides an Approval step. 404 when the node does not wait, 409
 * when its wait has ended, 400 naming the field at fault.
 */
import { displayName } from "@/lib/auth/display-name";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfRun } from "@/lib/http/workflow-of";
import { sharedRedis } from "@/lib/queue/redis";
import { approvalProblem, endWait } from "@/lib/runs/end-wait";
import { approvalPageUrl, resumeUrl } from "@/lib/runs/resume-link";
import { findNodeWait } from "@/lib/runs/run-waits";

export const dynamic = "force-dynamic";

type Params = { id: string; nodeId: string };

async function waitOf({ id, nodeId }: Params) {
  const wait = await findNodeWait(id, nodeId);
  if (!wait) throw new ApiError("not-found", `Node "${nodeId}" of run ${id} does not wait`);
  return wait;
}

export const GET = apiRoute<Params>({ role: "editor", workflow: workflowOfRun }, async (_call, params) => {
  const wait = await waitOf(params);
  const links =
    wait.kind === "webhook"
      ? { resumeUrl: resumeUrl(wait.id) }
      : wait.kind === "approval"
        ? { resumeUrl: resumeUrl(wait.id), pageUrl: approvalPageUrl(wait.id) }
        : {};
  return Response.json(
    { kind: wait.kind, detail: wait.detail, until: wait.wakeAt, ended: wait.resolvedAt !== null, ...links },
    { headers: { "Cache-Control": "no-store" } },
  );
});

export const POST = apiRoute<Params>(
  { role: "editor", workflow: workflowOfRun },
  async ({ json, principal }, params) => {
    const wait = await waitOf(params);
    if (wait.kind !== "approval")
      throw new ApiError("not-found", `Node "${params.nodeId}" of run ${params.id} waits for no approval`);
    const decision = approvalProblem(wait, await json());
    if (typeof decision === "string") throw new ApiError("bad-request", decision);
    const decidedBy = displayName(principal);
    const ended = await endWait(sharedRedis(), wait, { timedOut: false, by: "person", decidedBy, value: decision });
    if (!ended.ok) throw new ApiError(ended.code, ended.message);
    return Response.json({ status: "decided", decision: decision.decision }, { status: 202 });
  },
);
