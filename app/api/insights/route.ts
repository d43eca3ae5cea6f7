/**
 * GET figures across production runs (viewer): `?workflowId=&range=24h|7d|30d|90d` or `?from=&to=` → the Insights
 * page's numbers (lib/insights/read-insights.ts). A bad value is a 400 naming the parameter; a key limited to some
 * workflows sees only theirs.
 */
import { visibleWorkflowIds } from "@/lib/auth/workflow-access";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { InsightsQuery } from "@/lib/insights/insights-window";
import { readInsights } from "@/lib/insights/read-insights";

export const dynamic = "force-dynamic";

const PARAMS = ["workflowId", "range", "from", "to"] as const;

export const GET = apiRoute({ role: "viewer", workflow: "filtered" }, async ({ request, principal }) => {
  const search = new URL(request.url).searchParams;
  const query = InsightsQuery.safeParse(
    Object.fromEntries(PARAMS.flatMap((name) => (search.has(name) ? [[name, search.get(name)]] : []))),
  );
  if (!query.success) {
    const issue = query.error.issues[0];
    throw new ApiError("bad-request", `${issue.path.join(".") || "query"}: ${issue.message}`);
  }
  return Response.json(await readInsights(query.data, await visibleWorkflowIds(principal)));
});
