/**
 * POST starts a run of a stored workflow with `{ input }` and answers 201 `{ runId }` (editor): of its published
 * version, as every live trigger does (409 when it was never published), or of its draft with `version: "draft"`.
 * GET lists the workflow's runs, newest first, with the filters and paging of GET /api/runs (viewer).
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { startRunError } from "@/lib/http/start-run-error";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { startRun } from "@/lib/runs/start-run";
import { startedBy } from "@/lib/runs/run-trigger";
import { getWorkflow } from "@/lib/workflow-store/repository";
import { answerRunList } from "../../../runs/run-list-query";
import { StartRunBody } from "./schema";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string }>(
  { role: "editor", workflow: workflowOfPath },
  async ({ json, principal }, { id }) => {
    const body = StartRunBody.safeParse(await json());
    if (!body.success)
      throw new ApiError("bad-request", 'Expected a JSON object such as { "input": "...", "version": "published" }');
    const trigger = { kind: "api" as const, by: startedBy(principal) };
    const result = await startRun(id, body.data.input, trigger, undefined, body.data.version);
    if (!result.ok) throw startRunError(result);
    return Response.json({ runId: result.runId }, { status: 201 });
  },
);

export const GET = apiRoute<{ id: string }>(
  { role: "viewer", workflow: workflowOfPath },
  async ({ request }, { id }) => {
    if (!(await getWorkflow(id))) throw new ApiError("not-found", `Workflow ${id} does not exist`);
    return answerRunList(request, id);
  },
);
