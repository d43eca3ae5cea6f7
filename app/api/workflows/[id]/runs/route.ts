/** POST starts a run of a stored workflow with `{ input }` and answers 201 `{ runId }` (editor). */
import { z } from "zod";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { startRun } from "@/lib/runs/start-run";

export const dynamic = "force-dynamic";

const StartRunBody = z.object({ input: z.unknown().optional() });

export const POST = apiRoute<{ id: string }>({ role: "editor" }, async ({ json }, { id }) => {
  const body = StartRunBody.safeParse(await json());
  if (!body.success) throw new ApiError("bad-request", "Expected a JSON object such as { \"input\": \"...\" }");
  const result = await startRun(id, body.data.input);
  if (!result.ok) {
    throw result.reason === "not-found" ? new ApiError("not-found", result.message) : new ApiError("invalid-workflow", result.message, result.errors);
  }
  return Response.json({ runId: result.runId }, { status: 201 });
});
