/**
 * Copying a workflow, for the list's Duplicate and POST /api/workflows/{id}/duplicate. The copy passes the same
 * save checks as every stored graph, so a graph stored before a check existed is refused with what to fix instead of
 * being copied as it is. Its host nodes are the ones an admin already put in the original, so an editor may copy them
 * unchanged. The copy is a draft: nothing of it is live until someone publishes it.
 */
import type { AccessCaller } from "../auth/access-rule";
import { workflowAccess } from "../auth/workflow-access";
import { createWorkflow, getWorkflow } from "./repository";
import { saveRefusal } from "./save-guard";

export type DuplicateResult =
  | { ok: true; id: string; name: string }
  | { ok: false; reason: "not-found" | "invalid" | "forbidden"; errors: string[] };

const MAX_NAME_LENGTH = 200;

/**
 * Copies workflow `id` as `name`, or "<its name> (copy)": the caller owns the copy, which keeps the tags and stays in
 * the original's folder when the caller may change that folder's workflows (otherwise it is in none: theirs alone).
 */
export async function duplicateWorkflow(id: string, caller: AccessCaller, name?: string): Promise<DuplicateResult> {
  const original = await getWorkflow(id);
  if (!original) return { ok: false, reason: "not-found", errors: [`Workflow ${id} does not exist`] };
  const refusal = saveRefusal(caller.role, original.graph, original.graph);
  if (refusal) return { ok: false, reason: refusal.reason, errors: refusal.errors };
  const copyName = name ?? `${original.name} (copy)`.slice(0, MAX_NAME_LENGTH);
  const mayEditFolder = (await workflowAccess(caller, id))?.access === "edit";
  const copy = await createWorkflow(copyName, original.graph, {
    ownerId: caller.userId,
    folderId: mayEditFolder ? original.folderId : null,
    tags: original.tags,
  });
  return { ok: true, id: copy.id, name: copyName };
}
