/** The dataset a route names (by id or name) in its workflow, or a 404 naming what is missing. */
import { ApiError } from "@/lib/http/api-error";
import { findDataset } from "@/lib/evaluations/datasets";
import { getWorkflow } from "@/lib/workflow-store/repository";

export async function workflowOrNotFound(id: string) {
  const workflow = await getWorkflow(id);
  if (!workflow) throw new ApiError("not-found", `Workflow ${id} does not exist`);
  return workflow;
}

/** By the id or name as given (a request body's). */
export async function datasetNamed(workflowId: string, idOrName: string) {
  const found = await findDataset(workflowId, idOrName);
  if (found) return found;
  await workflowOrNotFound(workflowId);
  throw new ApiError("not-found", `Workflow ${workflowId} has no dataset "${idOrName}"`);
}

/** A path segment may arrive still percent-encoded (a name with spaces). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export const datasetOfPath = ({ id, dataset }: { id: string; dataset: string }) => datasetNamed(id, decoded(dataset));
