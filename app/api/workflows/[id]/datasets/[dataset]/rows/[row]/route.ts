/** PUT replaces one row's input and expectations (editor); DELETE removes it, the rows after it move up (editor). */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { deleteRow, updateRow } from "@/lib/evaluations/datasets";
import { describeIssues } from "@/lib/validation/describe-issues";
import { datasetOfPath } from "../../../dataset-of";
import { RowBody } from "../../../schema";

export const dynamic = "force-dynamic";

type Params = { id: string; dataset: string; row: string };

const noRow = (dataset: { name: string }, row: string) =>
  new ApiError("not-found", `Dataset "${dataset.name}" has no row ${row}`);

export const PUT = apiRoute<Params>({ role: "editor", workflow: workflowOfPath }, async ({ json }, params) => {
  const body = RowBody.safeParse(await json());
  if (!body.success) throw new ApiError("bad-request", describeIssues(body.error));
  const dataset = await datasetOfPath(params);
  const updated = await updateRow(dataset.id, params.row, {
    input: body.data.input ?? null,
    expectations: body.data.expectations,
  });
  if (!updated) throw noRow(dataset, params.row);
  return Response.json(updated);
});

export const DELETE = apiRoute<Params>({ role: "editor", workflow: workflowOfPath }, async (_call, params) => {
  const dataset = await datasetOfPath(params);
  if (!(await deleteRow(dataset.id, params.row))) throw noRow(dataset, params.row);
  return new Response(null, { status: 204 });
});
