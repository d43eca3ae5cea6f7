/**
 * PUT `{ value }` sets a variable (editor): an instance variable, or with `?workflowId=` that workflow's own. DELETE
 * removes it (the same `?workflowId=` for a workflow's). A key limited to some workflows may change only theirs.
 */
import type { Principal } from "@/lib/auth/principal";
import { AccessError } from "@/lib/auth/principal";
import { checkWorkflowAccess } from "@/lib/auth/workflow-access";
import { isLimited } from "@/lib/auth/workflow-scope";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { getWorkflow } from "@/lib/workflow-store/repository";
import { INSTANCE_SCOPE, VariableName, deleteVariable, putVariable } from "@/lib/variables/variables";
import { PutVariableBody } from "../schema";

export const dynamic = "force-dynamic";

const workflowOf = (request: Request) => new URL(request.url).searchParams.get("workflowId");

/** The scope a request may change, once its name and workflow are known to be good. */
async function scopeFor(principal: Principal, name: string, workflowId: string | null) {
  const named = VariableName.safeParse(name);
  if (!named.success) throw new ApiError("bad-request", named.error.issues[0].message);
  if (!workflowId) {
    if (isLimited(principal))
      throw new AccessError(
        "forbidden",
        "This API key is limited to some workflows: it may not change instance variables",
      );
    return INSTANCE_SCOPE;
  }
  const checked = await checkWorkflowAccess(principal, workflowId, "edit");
  if (!checked.ok && checked.reason !== "not-found") throw new AccessError("forbidden", checked.message);
  if (!checked.ok || !(await getWorkflow(workflowId)))
    throw new ApiError("not-found", `Workflow ${workflowId} does not exist`);
  return workflowId;
}

export const PUT = apiRoute<{ name: string }>(
  { role: "editor", workflow: "filtered" },
  async ({ request, json, principal }, { name }) => {
    const body = PutVariableBody.safeParse(await json());
    if (!body.success) throw new ApiError("bad-request", body.error.issues[0].message);
    const workflowId = workflowOf(request);
    await putVariable(await scopeFor(principal, name, workflowId), name, body.data.value);
    return Response.json({ name, value: body.data.value, workflowId });
  },
);

export const DELETE = apiRoute<{ name: string }>(
  { role: "editor", workflow: "filtered" },
  async ({ request, principal }, { name }) => {
    const workflowId = workflowOf(request);
    if (!(await deleteVariable(await scopeFor(principal, name, workflowId), name)))
      throw new ApiError("not-found", `There is no variable ${name}${workflowId ? ` in workflow ${workflowId}` : ""}`);
    return new Response(null, { status: 204 });
  },
);
