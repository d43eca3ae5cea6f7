/** POST a person's decision on a call waiting for approval: `{ decision: "approved" | "denied", args?, reason? }`. */
import { decideApproval } from "@/lib/approvals/decide-approval";
import { ApiError, readJsonBody, withApiErrors } from "@/lib/http/api-error";
import { pathParam } from "@/lib/http/path-param";
import { sharedRedis } from "@/lib/queue/redis";
import { DecideApprovalBody } from "../schema";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string; callId: string }> };

export const POST = withApiErrors(async (request: Request, { params }: Context) => {
  const { id, callId } = await params;
  const body = DecideApprovalBody.safeParse(await readJsonBody(request));
  if (!body.success) {
    const issue = body.error.issues[0];
    throw new ApiError("bad-request", `${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  if (body.data.decision === "denied" && body.data.args) throw new ApiError("bad-request", "args: only an approval can carry edited arguments");
  const outcome = await decideApproval(sharedRedis(), id, pathParam(callId), body.data);
  if (!outcome.ok) throw new ApiError(outcome.code === "not-found" ? "not-found" : "conflict", outcome.message);
  return Response.json({ callId, ...outcome.decision });
});
