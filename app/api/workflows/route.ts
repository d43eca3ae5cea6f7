/**
 * GET lists the workflows the caller may see (viewer: their own, their folders'; admins all; a limited key within its
 * limit); POST creates one, owned by the caller, from a graph JSON (editor;
 * host-access nodes: admin; validated, errors name the node or edge), published as version 1 with `publish: true`, in
 * the folder `folderId` names when the caller may put workflows into it.
 */
import { ApiError } from "@/lib/http/api-error";
import { issueText } from "@/lib/validation/describe-issues";
import { apiRoute } from "@/lib/http/api-route";
import { visibleWorkflowsWhere } from "@/lib/auth/workflow-access";
import { lookupComponent } from "@/lib/nodes";
import { compileWorkflow } from "@/lib/workflow/compile";
import { parseGraph } from "@/lib/workflow/graph";
import { hostToolsEnabled } from "@/lib/settings/host-tools";
import { storeRefusal } from "@/lib/workflow-store/save-guard";
import { authorOf } from "@/lib/workflow-store/author";
import { createWorkflow, listWorkflowItems } from "@/lib/workflow-store/repository";
import { fileableFolder } from "@/lib/workflow-store/folders";
import { publishWorkflow } from "@/lib/workflow-store/versions";
import { CreateWorkflowBody } from "./schema";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "viewer", workflow: "filtered" }, async ({ principal }) =>
  Response.json(await listWorkflowItems(visibleWorkflowsWhere(principal))),
);

export const POST = apiRoute({ role: "editor", body: "workflow" }, async ({ json, principal }) => {
  const body = await json();
  const named = CreateWorkflowBody.safeParse(body);
  if (!named.success) {
    const [issue] = named.error.issues;
    const field = issue.path[0];
    throw new ApiError("bad-request", field === "name" ? `name: ${issue.message}` : issueText(issue, "body"));
  }
  const parsed = parseGraph(body);
  if (!parsed.ok)
    throw new ApiError(
      "invalid-graph",
      parsed.errors[0],
      parsed.errors.map((message) => ({ message })),
    );
  const refusal = await storeRefusal(principal, null, parsed.graph);
  if (refusal?.reason === "forbidden") throw new ApiError("forbidden", refusal.errors[0]);
  if (refusal)
    throw new ApiError(
      "invalid-workflow",
      refusal.errors[0],
      refusal.errors.map((message) => ({ message })),
    );
  const compiled = compileWorkflow(parsed.graph, lookupComponent, { hostTools: await hostToolsEnabled() });
  if (!compiled.ok) throw new ApiError("invalid-workflow", compiled.errors[0].message, compiled.errors);
  const { folderId = null, tags = [] } = named.data;
  const refused = folderId ? await fileableFolder(principal, folderId) : null;
  if (refused) throw new ApiError("forbidden", refused);
  const { id } = await createWorkflow(named.data.name ?? "Untitled workflow", parsed.graph, {
    ownerId: principal.userId,
    folderId,
    tags,
  });
  if (!named.data.publish) return Response.json({ id, publishedVersion: null }, { status: 201 });
  const published = await publishWorkflow(id, "Published on create", authorOf(principal));
  return Response.json({ id, publishedVersion: published.ok ? published.number : null }, { status: 201 });
});
