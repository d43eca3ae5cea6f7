/**
 * Publish as people use it: the draft must compile (with today's host-access setting) before it goes live, so a
 * webhook or a schedule never starts a version that cannot run; the compile errors say what to fix.
 */
import { lookupComponent } from "../nodes";
import { emptyWorkflowError } from "../runs/plan-readiness";
import { hostToolsEnabled } from "../settings/host-tools";
import { compileWorkflow, type CompileError } from "../workflow/compile";
import type { Author } from "./author";
import { getWorkflow } from "./repository";
import { publishWorkflow } from "./versions";

export type PublishDraftResult =
  | { ok: true; number: number }
  | { ok: false; reason: "not-found"; message: string }
  | { ok: false; reason: "invalid"; message: string; errors: CompileError[] };

export async function publishDraft(workflowId: string, note: string, author: Author): Promise<PublishDraftResult> {
  const draft = await getWorkflow(workflowId);
  if (!draft) return { ok: false, reason: "not-found", message: `Workflow ${workflowId} does not exist` };
  const compiled = compileWorkflow(draft.graph, lookupComponent, { hostTools: await hostToolsEnabled() });
  const errors = compiled.ok ? emptyWorkflowError(compiled.plan) : compiled.errors;
  if (errors.length > 0) {
    const count = `${errors.length} error${errors.length === 1 ? "" : "s"}`;
    return { ok: false, reason: "invalid", message: `The draft has ${count}: fix them before publishing`, errors };
  }
  return publishWorkflow(workflowId, note, author);
}
