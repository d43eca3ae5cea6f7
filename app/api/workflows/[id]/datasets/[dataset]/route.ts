/**
 * GET reads a dataset with its rows (viewer); PATCH renames it or changes its description (editor; 409 on a taken
 * name); DELETE removes it with its rows and evaluations (editor).
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { datasetRows, deleteDataset, updateDataset } from "@/lib/evaluations/datasets";
import { describeIssues } from "@/lib/validation/describe-issues";
import { datasetOfPath } from "../dataset-of";
import { UpdateDatasetBody } from "../schema";

export const dynamic = "force-dynamic";

type Params = { id: string; dataset: string };

export const GET = apiRoute<Params>({ role: "viewer", workflow: workflowOfPath }, async (_call, params) => {
  const dataset = await datasetOfPath(params);
  return Response.json({ ...dataset, rows: await datasetRows(dataset.id) });
});

export const PATCH = apiRoute<Params>({ role: "editor", workflow: workflowOfPath }, async ({ json }, params) => {
  const body = UpdateDatasetBody.safeParse(await json());
  if (!body.success) throw new ApiError("bad-request", describeIssues(body.error, "body"));
  const dataset = await datasetOfPath(params);
  const updated = await updateDataset(params.id, dataset.id, body.data);
  if (updated === "taken")
    throw new ApiError("conflict", `Workflow ${params.id} already has a dataset named "${body.data.name}"`);
  if (updated === "missing") throw new ApiError("not-found", `Workflow ${params.id} has no dataset "${dataset.name}"`);
  return Response.json(updated);
});

export const DELETE = apiRoute<Params>({ role: "editor", workflow: workflowOfPath }, async (_call, params) => {
  await deleteDataset((await datasetOfPath(params)).id);
  return new Response(null, { status: 204 });
});
