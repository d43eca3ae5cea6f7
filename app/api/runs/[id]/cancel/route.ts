/** POST cancels a queued or running run (editor): `{ status: "cancelled" | "cancelling" }`, 404 for an unknown run, 409 for a finished one. */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { sharedRedis } from "@/lib/queue/redis";
import { cancelRun } from "@/lib/runs/run-cancellation";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string }>({ role: "editor" }, async (_call, { id }) => {
  const result = await cancelRun(sharedRedis(), id);
  if (result.ok) return Response.json({ status: result.status }, { status: 202 });
  if (result.reason === "not-found") throw new ApiError("not-found", result.message);
  throw new ApiError("conflict", result.message);
});
