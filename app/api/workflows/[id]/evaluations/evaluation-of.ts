/** The evaluation a route's path names, in its workflow, or a 404. */
import { ApiError } from "@/lib/http/api-error";
import { getEvaluation } from "@/lib/evaluations/evaluations";

export async function evaluationOf(workflowId: string, evaluationId: string) {
  const found = await getEvaluation(evaluationId, workflowId);
  if (!found) throw new ApiError("not-found", `Workflow ${workflowId} has no evaluation ${evaluationId}`);
  return found;
}
