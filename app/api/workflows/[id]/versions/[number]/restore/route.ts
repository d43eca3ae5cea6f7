/**
 * POST restores a published version as the workflow's draft (editor): the draft takes its graph and name, nothing
 * live changes until it is published again. 200 `{ updatedAt }` (the draft's new version for the editor's save
 * check); refused like any save an editor may not make (host access).
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { authorOf } from "@/lib/workflow-store/author";
import { restoreAsDraft } from "@/lib/workflow-store/restore-version";
import { findVersion } from "../../version-param";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string; number: string }>(
  { role: "editor", workflow: workflowOfPath },
  async ({ principal }, params) => {
    const restored = await restoreAsDraft(await findVersion(params), principal, authorOf(principal));
    if (!restored.ok) throw new ApiError(restored.code, restored.errors.join("; "), restored.errors);
    return Response.json({ updatedAt: restored.updatedAt.toISOString() });
  },
);
