/** GET a run's status and result: `{ status, output, error }`. */
import { ApiError, withApiErrors } from "@/lib/http/api-error";
import { getRunStatus } from "@/lib/runs/start-run";

export const dynamic = "force-dynamic";

export const GET = withApiErrors(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const run = await getRunStatus(id);
  if (!run) throw new ApiError("not-found", `Run ${id} does not exist`);
  return Response.json(run);
});
