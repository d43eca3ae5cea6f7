/**
 * Reads a run-list query from the URL for GET /api/runs and GET /api/workflows/{id}/runs; a bad value is a 400 naming
 * the parameter.
 */
import { ApiError } from "@/lib/http/api-error";
import { BadCursorError } from "@/lib/db/page-cursor";
import { listRuns, RunListQuery, type RunPage } from "@/lib/runs/list-runs";

const PARAMS = [
  "workflowId",
  "status",
  "since",
  "until",
  "tests",
  "failedNode",
  "tool",
  "failedTool",
  "cursor",
  "limit",
] as const;

/** `workflowIds` narrows the list to those workflows' runs (a key limited to some workflows). */
export async function answerRunList(
  request: Request,
  workflowId?: string,
  workflowIds: readonly string[] | null = null,
): Promise<Response> {
  const search = new URL(request.url).searchParams;
  const raw = Object.fromEntries(PARAMS.flatMap((name) => (search.has(name) ? [[name, search.get(name)]] : [])));
  const query = RunListQuery.safeParse(workflowId ? { ...raw, workflowId } : raw);
  if (!query.success) {
    const issue = query.error.issues[0];
    throw new ApiError("bad-request", `${issue.path.join(".") || "query"}: ${issue.message}`);
  }
  let page: RunPage;
  try {
    page = await listRuns(query.data, workflowIds);
  } catch (error) {
    if (error instanceof BadCursorError) throw new ApiError("bad-request", error.message);
    throw error;
  }
  return Response.json(page);
}
