/** GET compares this evaluation (before) with `?with=` another of the workflow's (after), row by row (viewer). */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { compareEvaluations } from "@/lib/evaluations/evaluations";
import { describeIssues } from "@/lib/validation/describe-issues";
import { evaluationOf } from "../../evaluation-of";
import { CompareQuery } from "../../schema";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string; evaluation: string }>(
  { role: "viewer", workflow: workflowOfPath },
  async ({ request }, { id, evaluation }) => {
    const query = CompareQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw new ApiError("bad-request", describeIssues(query.error));
    const before = await evaluationOf(id, evaluation);
    const after = await evaluationOf(id, query.data.with);
    return Response.json(await compareEvaluations(before, after));
  },
);
