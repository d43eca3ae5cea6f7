/**
 * Saving a workflow's draft the one way the editor's save and the API's PUT and PATCH share: the graph is
 * parsed (errors name the node or edge and the field), passes the checks every stored graph passes
 * (save-guard.ts, judged against the stored draft), and is stored only if the draft is still the version the
 * caller started from (saveWorkflowVersion), with the caller noted in the draft's history.
 */
import type { AccessCaller } from "../auth/access-rule";
import { parseGraph } from "../workflow/graph";
import { authorOf } from "./author";
import { getWorkflow, saveWorkflowVersion, type StoredWorkflow } from "./repository";
import { storeRefusal } from "./save-guard";

export type DraftSaver = AccessCaller & { name: string; email: string };

export type DraftSaveResult =
  | { status: "saved"; version: Date }
  | { status: "missing" }
  | { status: "conflict"; version: Date }
  /** The graph is malformed or fails a save check. */
  | { status: "invalid"; errors: string[] }
  /** The caller may not make this change (host access; a workflow they may not run named in it). */
  | { status: "forbidden"; errors: string[] };

/**
 * Saves `changes.graph` (untrusted JSON, or a function of the stored draft that returns it) and `changes.name` as the
 * draft of workflow `id`, if it is still `expected` (null: whatever is stored).
 */
export async function saveDraft(
  id: string,
  changes: { name?: string; graph: unknown | ((stored: StoredWorkflow) => unknown) },
  expected: Date | null,
  saver: DraftSaver,
): Promise<DraftSaveResult> {
  const stored = await getWorkflow(id);
  if (!stored) return { status: "missing" };
  const parsed = parseGraph(typeof changes.graph === "function" ? changes.graph(stored) : changes.graph);
  if (!parsed.ok) return { status: "invalid", errors: parsed.errors };
  const refusal = await storeRefusal(saver, stored.graph, parsed.graph);
  if (refusal) return { status: refusal.reason, errors: refusal.errors };
  return saveWorkflowVersion(id, { name: changes.name, graph: parsed.graph }, expected, authorOf(saver));
}
