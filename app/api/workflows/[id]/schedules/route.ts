/**
 * GET: the workflow's schedules — armed or not, next and last firing, recent missed firings (viewer;
 * lib/triggers/schedule-overview.ts).
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { scheduleOverview } from "@/lib/triggers/schedule-overview";
import { getWorkflow } from "@/lib/workflow-store/repository";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>({ role: "viewer", workflow: workflowOfPath }, async (_request, { id }) => {
  const workflow = await getWorkflow(id);
  if (!workflow) throw new ApiError("not-found", `Workflow ${id} does not exist`);
  return Response.json({ schedules: await scheduleOverview(id, workflow.graph) });
});
