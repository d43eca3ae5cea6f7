/** GET lists runs across workflows, newest first: `?workflowId=&status=&since=&until=&limit=&cursor=` → `{ runs, nextCursor }` (viewer). */
import { apiRoute } from "@/lib/http/api-route";
import { answerRunList } from "./run-list-query";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "viewer" }, async ({ request }) => answerRunList(request));
