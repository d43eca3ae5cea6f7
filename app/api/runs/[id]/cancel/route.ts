/** POST cancels a queued or running run: `{ status: "cancelled" | "cancelling" }`, 404 for an unknown run, 409 for a finished one. */
import { ApiError, withApiErrors } from "@/lib/http/api-error";
import { sharedRedis } from "@/lib/queue/redis";
import { cancelRun } from "@/lib/runs/run-cancellation";

export const dynamic = "force-dynamic";

export const POST = withApiErrors(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const result = await cancelRun(sharedRedis(), id);
  if (result.ok) return Response.json({ status: result.status }, { status: 202 });
  if (result.reason === "not-found") throw new ApiError("not-found", result.message);
  return Response.json({ error: result.message, code: "conflict" }, { status: 409 });
});
