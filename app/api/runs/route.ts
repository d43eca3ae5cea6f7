/**
 * GET lists runs across workflows, newest first: `?workflowId=&status=&since=&until=&limit=&cursor=` → `{ runs,
 * nextCursor }` (viewer; only runs of workflows the caller may see, lib/auth/workflow-access.ts).
 */
import { visibleWorkflowIds } from "@/lib/auth/workflow-access";
import { apiRoute } from "@/lib/http/api-route";
import { answerRunList } from "./run-list-query";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "viewer", workflow: "filtered" }, async ({ request, principal }) =>
  answerRunList(request, undefined, await visibleWorkflowIds(principal)),
);
