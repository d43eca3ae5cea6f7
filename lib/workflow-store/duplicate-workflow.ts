/**
 * Copying a workflow, for the list's Duplicate (and any route that copies). The copy passes the same
 * save checks as every stored graph, so a graph stored before a check existed is refused with what to
 * fix instead of being copied as it is. Its host nodes are the ones an admin already put in the
 * original, so an editor may copy them unchanged.
 */
import type { Role } from "../auth/roles";
import { createWorkflow, getWorkflow } from "./repository";
import { saveRefusal } from "./save-guard";

export type DuplicateResult = { ok: true; id: string } | { ok: false; errors: string[] };

const MAX_NAME_LENGTH = 200;

export async function duplicateWorkflow(id: string, role: Role): Promise<DuplicateResult> {
  const original = await getWorkflow(id);
  if (!original) return { ok: false, errors: [`Workflow ${id} does not exist`] };
  const refusal = saveRefusal(role, original.graph, original.graph);
  if (refusal) return { ok: false, errors: refusal.errors };
  const copy = await createWorkflow(`${original.name} (copy)`.slice(0, MAX_NAME_LENGTH), original.graph);
  return { ok: true, id: copy.id };
}
