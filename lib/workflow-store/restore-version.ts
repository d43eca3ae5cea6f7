/**
 * Restoring a published version as the draft: checked like any save (an editor may not bring back host nodes an
 * admin has since removed — save-guard.ts), noted in the draft's history, and nothing live changes until the
 * draft is published again.
 */
import type { AccessCaller } from "../auth/access-rule";
import type { Author } from "./author";
import { recordDraftSave } from "./draft-history";
import { getWorkflow } from "./repository";
import { storeRefusal } from "./save-guard";
import { restoreVersion, type StoredVersion } from "./versions";

export type RestoreResult =
  { ok: true; updatedAt: Date } | { ok: false; code: "not-found" | "forbidden" | "invalid-graph"; errors: string[] };

export async function restoreAsDraft(
  version: StoredVersion,
  caller: AccessCaller,
  author: Author,
): Promise<RestoreResult> {
  const draft = await getWorkflow(version.workflowId);
  if (!draft) return { ok: false, code: "not-found", errors: [`Workflow ${version.workflowId} does not exist`] };
  const refusal = await storeRefusal(caller, draft.graph, version.graph);
  if (refusal)
    return { ok: false, code: refusal.reason === "forbidden" ? "forbidden" : "invalid-graph", errors: refusal.errors };
  const updatedAt = await restoreVersion(version);
  if (!updatedAt) return { ok: false, code: "not-found", errors: [`Workflow ${version.workflowId} does not exist`] };
  await recordDraftSave(version.workflowId, { name: version.name, graph: version.graph }, author);
  return { ok: true, updatedAt };
}
