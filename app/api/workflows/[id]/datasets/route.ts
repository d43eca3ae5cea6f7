/** GET lists a workflow's datasets (viewer); POST creates one, optionally with rows (editor; 409 on a taken name). */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { createDataset, listDatasets } from "@/lib/evaluations/datasets";
import { describeIssues } from "@/lib/validation/describe-issues";
import { workflowOrNotFound } from "./dataset-of";
import { CreateDatasetBody } from "./schema";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>({ role: "viewer", workflow: workflowOfPath }, async (_call, { id }) => {
  await workflowOrNotFound(id);
  return Response.json({ datasets: await listDatasets(id) });
});

export const POST = apiRoute<{ id: string }>({ role: "editor", workflow: workflowOfPath }, async ({ json }, { id }) => {
  const body = CreateDatasetBody.safeParse(await json());
  if (!body.success) throw new ApiError("bad-request", describeIssues(body.error));
  await workflowOrNotFound(id);
  const created = await createDataset(id, body.data);
  if (!created) throw new ApiError("conflict", `Workflow ${id} already has a dataset named "${body.data.name}"`);
  return Response.json(created, { status: 201 });
});
