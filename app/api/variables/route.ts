/**
 * GET the variables (viewer: they are not secret), instance ones (`workflowId` null) and each workflow's own; a key
 * limited to some workflows, or a person who may not see every workflow, sees the instance's and those workflows'.
 */
import { visibleWorkflowIds } from "@/lib/auth/workflow-access";
import { apiRoute } from "@/lib/http/api-route";
import { INSTANCE_SCOPE, listVariables } from "@/lib/variables/variables";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "viewer", workflow: "filtered" }, async ({ principal }) => {
  const limit = await visibleWorkflowIds(principal);
  const variables = (await listVariables()).filter(
    ({ scope }) => scope === INSTANCE_SCOPE || limit === null || limit.includes(scope),
  );
  return Response.json({
    variables: variables.map(({ scope, name, value, updatedAt }) => ({
      name,
      value,
      workflowId: scope === INSTANCE_SCOPE ? null : scope,
      updatedAt: updatedAt.toISOString(),
    })),
  });
});
