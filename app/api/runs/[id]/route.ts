/** GET a run's status and result: `{ status, output, error }` (viewer). */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfRun } from "@/lib/http/workflow-of";
import { getRunStatus } from "@/lib/runs/read-run";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>({ role: "viewer", workflow: workflowOfRun }, async (_call, { id }) => {
  const run = await getRunStatus(id);
  if (!run) throw new ApiError("not-found", `Run ${id} does not exist`);
  return Response.json(run);
});
