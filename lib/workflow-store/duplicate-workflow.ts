/**
 * Copying a workflow, for the list's Duplicate and POST /api/workflows/{id}/duplicate. The copy passes the same
 * save checks as every stored graph, so a graph stored before a check existed is refused with what to fix instead of
 * being copied as it is. Its host nodes are the ones an admin already put in the original, so an editor may copy them
 * unchanged. The copy is a draft: nothing of it is live until someone publishes it.
 */
import type { Role } from "../auth/roles";
import { createWorkflow, getWorkflow } from "./repository";
import { saveRefusal } from "./save-guard";

export type DuplicateResult =
  | { ok: true; id: string; name: string }
  | { ok: false; reason: "not-found" | "invalid" | "forbidden"; errors: string[] };

const MAX_NAME_LENGTH = 200;

/** Copies workflow `id` as `name`, or "<its name> (copy)". */
export async function duplicateWorkflow(id: string, role: Role, name?: string): Promise<DuplicateResult> {
  const original = await getWorkflow(id);
  if (!original) return { ok: false, reason: "not-found", errors: [`Workflow ${id} does not exist`] };
  const refusal = saveRefusal(role, original.graph, original.graph);
  if (refusal) return { ok: false, reason: refusal.reason, errors: refusal.errors };
  const copyName = name ?? `${original.name} (copy)`.slice(0, MAX_NAME_LENGTH);
  const copy = await createWorkflow(copyName, original.graph);
  return { ok: true, id: copy.id, name: copyName };
}
