/**
 * GET the audit trail of tool calls across runs, newest first (viewer):
 * `?workflowId=&tool=&caller=agent|external&outcome=completed|error|blocked|denied&since=&limit=&cursor=` → `{ calls,
 * nextCursor }`, of the workflows the caller may see (admins: all, deleted ones too). A bad value is a 400 naming the
 * parameter.
 */
import { visibleWorkflowIds } from "@/lib/auth/workflow-access";
import { listToolCalls, ToolCallAuditQuery } from "@/lib/audit/list-tool-calls";
import { BadCursorError } from "@/lib/db/page-cursor";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";

export const dynamic = "force-dynamic";

const PARAMS = ["workflowId", "tool", "caller", "outcome", "since", "cursor", "limit"] as const;

export const GET = apiRoute({ role: "viewer" }, async ({ request, principal }) => {
  const search = new URL(request.url).searchParams;
  const query = ToolCallAuditQuery.safeParse(
    Object.fromEntries(PARAMS.flatMap((name) => (search.has(name) ? [[name, search.get(name)]] : []))),
  );
  if (!query.success) {
    const issue = query.error.issues[0];
    throw new ApiError("bad-request", `${issue.path.join(".") || "query"}: ${issue.message}`);
  }
  try {
    return Response.json(await listToolCalls(query.data, await visibleWorkflowIds(principal)));
  } catch (error) {
    if (error instanceof BadCursorError) throw new ApiError("bad-request", error.message);
    throw error;
  }
});
