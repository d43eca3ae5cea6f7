/**
 * GET lists runs across workflows, newest first: `?workflowId=&status=&since=&until=&limit=&cursor=` → `{ runs,
 * nextCursor }` (viewer; a key limited to some workflows sees their runs).
 */
import { apiRoute } from "@/lib/http/api-route";
import { answerRunList } from "./run-list-query";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "viewer", workflow: "filtered" }, async ({ request, principal }) =>
  answerRunList(request, undefined, principal.workflowIds),
);
