/**
 * POST a person's decision on a call waiting for approval (editor): `{ decision: "approved" | "denied", args?, reason?
 * }`.
 */
import { displayName } from "@/lib/auth/display-name";
import { decideApproval } from "@/lib/approvals/decide-approval";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfRun } from "@/lib/http/workflow-of";
import { pathParam } from "@/lib/http/path-param";
import { sharedRedis } from "@/lib/queue/redis";
import { issueText } from "@/lib/validation/describe-issues";
import { DecideApprovalBody } from "../schema";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string; callId: string }>(
  { role: "editor", workflow: workflowOfRun },
  async ({ json, principal }, { id, callId }) => {
    const body = DecideApprovalBody.safeParse(await json());
    if (!body.success) throw new ApiError("bad-request", issueText(body.error.issues[0], "body"));
    if (body.data.decision === "denied" && body.data.args)
      throw new ApiError("bad-request", "args: only an approval can carry edited arguments");
    const decidedBy = displayName(principal);
    const outcome = await decideApproval(sharedRedis(), id, pathParam(callId), body.data, decidedBy);
    if (!outcome.ok) throw new ApiError(outcome.code === "not-found" ? "not-found" : "conflict", outcome.message);
    return Response.json({ callId, ...outcome.decision });
  },
);
