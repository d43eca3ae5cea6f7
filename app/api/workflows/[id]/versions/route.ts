/**
 * GET the workflow's history (viewer): its published versions, newest first (`live` marks the one its triggers
 * run), and the draft's recent saves with who saved them.
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { listDraftSaves } from "@/lib/workflow-store/draft-history";
import { getWorkflow } from "@/lib/workflow-store/repository";
import { listVersions } from "@/lib/workflow-store/versions";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>({ role: "viewer", workflow: workflowOfPath }, async (_call, { id }) => {
  const workflow = await getWorkflow(id);
  if (!workflow) throw new ApiError("not-found", `Workflow ${id} does not exist`);
  const [versions, saves] = await Promise.all([listVersions(id), listDraftSaves(id)]);
  return Response.json({ live: workflow.publishedVersion, versions, draftSaves: saves });
});
