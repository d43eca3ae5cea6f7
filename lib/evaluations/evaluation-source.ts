/**
 * Which graph an evaluation runs: the draft, the live published version, or any published version by its number.
 * The version is fixed when the evaluation starts, so a publish half-way through does not mix two versions' rows.
 */
import { getPublishedWorkflow, getVersion } from "../workflow-store/versions";
import { getWorkflow } from "../workflow-store/repository";
import type { WorkflowGraph } from "../workflow/graph";

/** "draft", "published" (the live version) or a published version's number. */
export type EvaluationSource = "draft" | "published" | number;

export type SourceGraph =
  | { ok: true; version: number | null; graph: WorkflowGraph }
  | { ok: false; reason: "not-published" | "no-version"; message: string };

export async function evaluatedGraph(workflowId: string, source: EvaluationSource): Promise<SourceGraph> {
  if (source === "draft") {
    const draft = await getWorkflow(workflowId);
    if (!draft) throw new Error(`Workflow ${workflowId} does not exist`);
    return { ok: true, version: null, graph: draft.graph };
  }
  if (source === "published") {
    const live = await getPublishedWorkflow(workflowId);
    return live
      ? { ok: true, version: live.version, graph: live.graph }
      : { ok: false, reason: "not-published", message: "The workflow has never been published: evaluate its draft" };
  }
  const stored = await getVersion(workflowId, source);
  return stored
    ? { ok: true, version: source, graph: stored.graph }
    : {
        ok: false,
        reason: "no-version",
        message: `version: workflow ${workflowId} has no published version ${source}`,
      };
}
