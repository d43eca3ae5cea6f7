/**
 * POST `{ name? }` copies the workflow's draft as a new workflow (editor; lib/workflow-store/duplicate-workflow.ts):
 * 201 `{ id, name }`, owned by the caller, who must be able to see the original (404 otherwise). Closed to keys limited
 * to some workflows, as creating a workflow is. Described in ../schema.ts.
 */
import { checkWorkflowAccess } from "@/lib/auth/workflow-access";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { issueText } from "@/lib/validation/describe-issues";
import { duplicateWorkflow } from "@/lib/workflow-store/duplicate-workflow";
import { DuplicateWorkflowBody } from "../schema";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string }>({ role: "editor" }, async ({ json, principal }, { id }) => {
  const body = DuplicateWorkflowBody.safeParse(await json());
  if (!body.success) throw new ApiError("bad-request", issueText(body.error.issues[0], "body"));
  const seen = await checkWorkflowAccess(principal, id, "view");
  if (!seen.ok) throw new ApiError("not-found", `Workflow ${id} does not exist`);
  const copied = await duplicateWorkflow(id, principal, body.data.name);
  if (copied.ok) return Response.json({ id: copied.id, name: copied.name }, { status: 201 });
  if (copied.reason === "not-found") throw new ApiError("not-found", copied.errors[0]);
  if (copied.reason === "forbidden") throw new ApiError("forbidden", copied.errors[0]);
  throw new ApiError(
    "invalid-graph",
    copied.errors[0],
    copied.errors.map((message) => ({ message })),
  );
});
