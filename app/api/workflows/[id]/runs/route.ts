/**
 * POST starts a run of a stored workflow with `{ input }` and answers 201 `{ runId }` (editor).
 * GET lists the workflow's runs, newest first, with the filters and paging of GET /api/runs (viewer).
 */
import { z } from "zod";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { startRun } from "@/lib/runs/start-run";
import { getWorkflow } from "@/lib/workflow-store/repository";
import { answerRunList } from "../../../runs/run-list-query";

export const dynamic = "force-dynamic";

const StartRunBody = z.object({ input: z.unknown().optional() });

export const POST = apiRoute<{ id: string }>({ role: "editor", workflow: workflowOfPath }, async ({ json }, { id }) => {
  const body = StartRunBody.safeParse(await json());
  if (!body.success) throw new ApiError("bad-request", 'Expected a JSON object such as { "input": "..." }');
  const result = await startRun(id, body.data.input, { kind: "api" });
  if (!result.ok) {
    if (result.reason === "not-found") throw new ApiError("not-found", result.message);
    if (result.reason === "invalid-input") throw new ApiError("bad-request", result.message, result.errors);
    throw new ApiError("invalid-workflow", result.message, result.errors);
  }
  return Response.json({ runId: result.runId }, { status: 201 });
});

export const GET = apiRoute<{ id: string }>(
  { role: "viewer", workflow: workflowOfPath },
  async ({ request }, { id }) => {
    if (!(await getWorkflow(id))) throw new ApiError("not-found", `Workflow ${id} does not exist`);
    return answerRunList(request, id);
  },
);
