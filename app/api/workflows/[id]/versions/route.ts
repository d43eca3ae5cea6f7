/**
 * GET the workflow's history (viewer): its published versions, newest first (`live` marks the one its triggers
 * run), and the draft's recent saves with who saved them.
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { listDraftSaves } from "@/lib/workflow-store/draft-history";
import { versionHistory } from "@/lib/workflow-store/versions";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>({ role: "viewer", workflow: workflowOfPath }, async (_call, { id }) => {
  const [history, saves] = await Promise.all([versionHistory(id), listDraftSaves(id)]);
  if (!history) throw new ApiError("not-found", `Workflow ${id} does not exist`);
  return Response.json({ ...history, draftSaves: saves });
});
