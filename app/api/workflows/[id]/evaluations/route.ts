/**
 * GET lists a workflow's evaluations (viewer); POST starts one over a dataset (editor): checked, stored, and run by the
 * workers (lib/evaluations/run-evaluation.ts).
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { listEvaluations, startEvaluation } from "@/lib/evaluations/evaluations";
import { startedBy } from "@/lib/runs/run-trigger";
import { describeIssues } from "@/lib/validation/describe-issues";
import { datasetNamed, workflowOrNotFound } from "../datasets/dataset-of";
import { StartEvaluationBody } from "./schema";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>({ role: "viewer", workflow: workflowOfPath }, async (_call, { id }) => {
  await workflowOrNotFound(id);
  return Response.json({ evaluations: await listEvaluations(id) });
});

export const POST = apiRoute<{ id: string }>(
  { role: "editor", workflow: workflowOfPath },
  async ({ json, principal }, { id }) => {
    const body = StartEvaluationBody.safeParse(await json());
    if (!body.success) throw new ApiError("bad-request", describeIssues(body.error));
    const dataset = await datasetNamed(id, body.data.dataset);
    const started = await startEvaluation({
      workflowId: id,
      datasetId: dataset.id,
      source: body.data.version,
      evaluators: body.data.evaluators,
      concurrency: body.data.concurrency,
      by: startedBy(principal),
    });
    if (!started.ok)
      throw new ApiError(started.reason === "not-published" ? "conflict" : "bad-request", started.message);
    return Response.json(started.evaluation, { status: 201 });
  },
);
