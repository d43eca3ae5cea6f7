/** GET reads an evaluation with each row's run, scores and reasons (viewer). */
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { evaluationResults } from "@/lib/evaluations/evaluations";
import { evaluationOf } from "../evaluation-of";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string; evaluation: string }>(
  { role: "viewer", workflow: workflowOfPath },
  async (_call, { id, evaluation }) => {
    const found = await evaluationOf(id, evaluation);
    return Response.json({ ...found, results: await evaluationResults(found.id) });
  },
);
