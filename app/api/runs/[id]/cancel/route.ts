/**
 * POST cancels a queued or running run (editor): `{ status: "cancelled" | "cancelling" }`, 404 for an unknown run, 409
 * for a finished one. An optional body `{ graceSeconds }` (at most 60) lets tool calls already running finish first
 * (the Chat panel's agent switch waits 5 s); a later plain cancel stops the run at once.
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfRun } from "@/lib/http/workflow-of";
import { sharedRedis } from "@/lib/queue/redis";
import { cancelRun } from "@/lib/runs/run-cancellation";
import { CancelBody } from "../../schema";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string }>({ role: "editor", workflow: workflowOfRun }, async ({ json }, { id }) => {
  const body = CancelBody.safeParse(await json());
  if (!body.success)
    throw new ApiError(
      "bad-request",
      `${body.error.issues[0].path.join(".") || "body"}: ${body.error.issues[0].message}`,
    );
  const result = await cancelRun(sharedRedis(), id, { graceMs: (body.data.graceSeconds ?? 0) * 1000 });
  if (result.ok) return Response.json({ status: result.status }, { status: 202 });
  if (result.reason === "not-found") throw new ApiError("not-found", result.message);
  throw new ApiError("conflict", result.message);
});
