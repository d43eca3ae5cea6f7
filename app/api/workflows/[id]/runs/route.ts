/** POST starts a run of a stored workflow with `{ input }` and answers 201 `{ runId }`. */
import { z } from "zod";
import { ApiError, readJsonBody, withApiErrors } from "@/lib/http/api-error";
import { startRun } from "@/lib/runs/start-run";

export const dynamic = "force-dynamic";

const StartRunBody = z.object({ input: z.unknown().optional() });

export const POST = withApiErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const body = StartRunBody.safeParse(await readJsonBody(request));
  if (!body.success) throw new ApiError("bad-request", "Expected a JSON object such as { \"input\": \"...\" }");
  const result = await startRun(id, body.data.input);
  if (!result.ok) {
    throw result.reason === "not-found" ? new ApiError("not-found", result.message) : new ApiError("invalid-workflow", result.message, result.errors);
  }
  return Response.json({ runId: result.runId }, { status: 201 });
});
