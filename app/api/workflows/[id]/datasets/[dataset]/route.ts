/** GET reads a dataset with its rows (viewer); DELETE removes it with its rows and evaluations (editor). */
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { datasetRows, deleteDataset } from "@/lib/evaluations/datasets";
import { datasetOfPath } from "../dataset-of";

export const dynamic = "force-dynamic";

type Params = { id: string; dataset: string };

export const GET = apiRoute<Params>({ role: "viewer", workflow: workflowOfPath }, async (_call, params) => {
  const dataset = await datasetOfPath(params);
  return Response.json({ ...dataset, rows: await datasetRows(dataset.id) });
});

export const DELETE = apiRoute<Params>({ role: "editor", workflow: workflowOfPath }, async (_call, params) => {
  await deleteDataset((await datasetOfPath(params)).id);
  return new Response(null, { status: 204 });
});
