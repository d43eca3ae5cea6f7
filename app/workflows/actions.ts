"use server";
/**
 * Server actions behind the editor and the workflow list: create, save, save-then-run, rename, duplicate, delete and
 * import. All need the editor role.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { actionPrincipal, workflowDenied } from "@/lib/auth/request-access";
import { catalogueMeta } from "@/lib/nodes";
import { startEditorRun } from "@/lib/runs/partial-run";
import { startedBy } from "@/lib/runs/run-trigger";
import { parseWorkflowFile } from "@/lib/workflow/parse-workflow-file";
import { authorOf } from "@/lib/workflow-store/author";
import { duplicateWorkflow } from "@/lib/workflow-store/duplicate-workflow";
import { paramTypeProblems } from "@/lib/workflow-store/param-types";
import { saveDraft } from "@/lib/workflow-store/save-draft";
import { saveRefusal, storeRefusal } from "@/lib/workflow-store/save-guard";
import { createWorkflow, deleteWorkflow, listWorkflows, updateWorkflow } from "@/lib/workflow-store/repository";
import { findTemplate } from "@/lib/workflow-store/templates";
import { publishWorkflow } from "@/lib/workflow-store/versions";
import {
  ExpectedVersion,
  SaveWorkflowInput,
  unsavedRun,
  WorkflowId,
  WorkflowName,
  type ListActionResult,
  type RunWorkflowResult,
  type SaveWorkflowResult,
} from "./schema";

export async function createWorkflowAction(): Promise<never> {
  const caller = await actionPrincipal("editor");
  if (!caller.ok) redirect(caller.error.startsWith("Sign in") ? "/sign-in" : "/forbidden?need=editor");
  const { id } = await createWorkflow("Untitled workflow", undefined, { ownerId: caller.principal.userId });
  redirect(`/workflows/${id}`);
}

/**
 * Creates a workflow (and the ones it calls) from a template of the gallery, then opens it; a refusal (host access)
 * answers why.
 */
export async function createFromTemplateAction(templateId: unknown): Promise<ListActionResult> {
  const caller = await actionPrincipal("editor");
  if (!caller.ok) return { ok: false, errors: [caller.error] };
  const template = typeof templateId === "string" ? findTemplate(templateId) : undefined;
  if (!template) return { ok: false, errors: [`templateId: no template is called ${JSON.stringify(templateId)}`] };
  const refusal = saveRefusal(caller.principal.role, null, template.graph({}));
  if (refusal) return { ok: false, errors: refusal.errors };
  const companionIds: Record<string, string> = {};
  const owned = { ownerId: caller.principal.userId };
  // A companion is a workflow the template calls as a tool: a Workflow Tool runs its published version.
  for (const companion of template.companions ?? []) {
    const { id } = await createWorkflow(companion.name, companion.graph(), owned);
    await publishWorkflow(id, "Published with the template", authorOf(caller.principal));
    companionIds[companion.key] = id;
  }
  const { id } = await createWorkflow(template.name, template.graph(companionIds), owned);
  redirect(`/workflows/${id}`);
}

/**
 * Saves the editor's graph if the stored workflow is still `expectedVersion` (see saveWorkflowVersion); otherwise
 * answers the conflict.
 */
export async function saveWorkflowAction(
  id: unknown,
  input: unknown,
  expectedVersion?: unknown,
): Promise<SaveWorkflowResult> {
  const user = await actionPrincipal("editor");
  if (!user.ok) return { ok: false, errors: [user.error] };
  const workflowId = WorkflowId.safeParse(id);
  if (!workflowId.success) return { ok: false, errors: workflowId.error.issues.map((issue) => issue.message) };
  const denied = await workflowDenied(user.principal, workflowId.data, "edit");
  if (denied) return { ok: false, errors: [denied] };
  const body = SaveWorkflowInput.safeParse(input);
  if (!body.success) return { ok: false, errors: body.error.issues.map((issue) => issue.message) };
  const version = ExpectedVersion.safeParse(expectedVersion);
  if (!version.success)
    return {
      ok: false,
      errors: ["expectedVersion: expected the version (an ISO time) the editor loaded, or null to overwrite"],
    };
  const expected = version.data ? new Date(version.data) : null;
  const changes = { name: body.data.name, graph: body.data.graph };
  const saved = await saveDraft(workflowId.data, changes, expected, user.principal);
  if (saved.status === "missing") return { ok: false, errors: [`Workflow ${workflowId.data} does not exist`] };
  if (saved.status === "invalid" || saved.status === "forbidden") return { ok: false, errors: saved.errors };
  if (saved.status === "conflict") {
    return {
      ok: false,
      errors: ["Someone else saved this workflow after you opened it (another tab or person)"],
      conflict: { version: saved.version.toISOString() },
    };
  }
  return { ok: true, version: saved.version.toISOString() };
}

/**
 * Saves, then starts a run with `runInput` (a test run using pins, when any) and redirects to it; a refused run
 * answers the compile errors instead.
 */
export async function runWorkflowAction(
  id: unknown,
  input: unknown,
  runInput?: unknown,
  expectedVersion?: unknown,
): Promise<RunWorkflowResult> {
  const saved = await saveWorkflowAction(id, input, expectedVersion);
  if (!saved.ok) return unsavedRun(saved);
  const caller = await actionPrincipal("editor");
  if (!caller.ok) return { ok: false, saved: true, errors: [{ message: caller.error }] };
  let runId: string;
  try {
    // Pins make it a test run.
    const result = await startEditorRun(WorkflowId.parse(id), runInput, startedBy(caller.principal));
    if (!result.ok)
      return { ok: false, saved: true, errors: "errors" in result ? result.errors : [{ message: result.message }] };
    runId = result.runId;
  } catch (error) {
    return {
      ok: false,
      saved: true,
      errors: [{ message: `Could not start the run: ${error instanceof Error ? error.message : String(error)}` }],
    };
  }
  redirect(`/runs/${runId}`);
}

export async function renameWorkflowAction(id: unknown, name: unknown): Promise<ListActionResult> {
  const caller = await actionPrincipal("editor");
  if (!caller.ok) return { ok: false, errors: [caller.error] };
  const workflowId = WorkflowId.safeParse(id);
  const newName = WorkflowName.safeParse(name);
  if (!workflowId.success || !newName.success)
    return {
      ok: false,
      errors: [...(workflowId.error?.issues ?? []), ...(newName.error?.issues ?? [])].map((i) => i.message),
    };
  const denied = await workflowDenied(caller.principal, workflowId.data, "edit");
  if (denied) return { ok: false, errors: [denied] };
  if (!(await updateWorkflow(workflowId.data, { name: newName.data })))
    return { ok: false, errors: [`Workflow ${workflowId.data} does not exist`] };
  revalidatePath("/");
  return { ok: true };
}

/** Copies a workflow as "<name> (copy)" (lib/workflow-store/duplicate-workflow.ts) and stays on the list. */
export async function duplicateWorkflowAction(id: unknown): Promise<ListActionResult> {
  const caller = await actionPrincipal("editor");
  if (!caller.ok) return { ok: false, errors: [caller.error] };
  const workflowId = WorkflowId.safeParse(id);
  if (!workflowId.success) return { ok: false, errors: workflowId.error.issues.map((i) => i.message) };
  const denied = await workflowDenied(caller.principal, workflowId.data, "view");
  if (denied) return { ok: false, errors: [denied] };
  const copied = await duplicateWorkflow(workflowId.data, caller.principal);
  if (!copied.ok) return { ok: false, errors: copied.errors };
  revalidatePath("/");
  return { ok: true };
}

export async function deleteWorkflowAction(id: unknown): Promise<ListActionResult> {
  const caller = await actionPrincipal("editor");
  if (!caller.ok) return { ok: false, errors: [caller.error] };
  const workflowId = WorkflowId.safeParse(id);
  if (!workflowId.success) return { ok: false, errors: workflowId.error.issues.map((i) => i.message) };
  const denied = await workflowDenied(caller.principal, workflowId.data, "edit");
  if (denied) return { ok: false, errors: [denied] };
  if (!(await deleteWorkflow(workflowId.data)))
    return { ok: false, errors: [`Workflow ${workflowId.data} does not exist`] };
  revalidatePath("/");
  return { ok: true };
}

/**
 * Imports an export file as a new workflow (never over an existing one) and opens it; a bad file is answered with what
 * is wrong.
 */
export async function importWorkflowAction(text: unknown): Promise<ListActionResult> {
  const user = await actionPrincipal("editor");
  if (!user.ok) return { ok: false, errors: [user.error] };
  if (typeof text !== "string") return { ok: false, errors: ["The file could not be read as text"] };
  const file = parseWorkflowFile(text, new Set(catalogueMeta().map((component) => component.id)));
  if (!file.ok) return file;
  const mistyped = paramTypeProblems(file.graph);
  if (mistyped.length > 0) return { ok: false, errors: mistyped };
  const refusal = await storeRefusal(user.principal, null, file.graph);
  if (refusal) return { ok: false, errors: refusal.errors };
  const { id } = await createWorkflow(await unusedName(file.name), file.graph, { ownerId: user.principal.userId });
  redirect(`/workflows/${id}`);
}

/** An imported workflow whose name is taken gets "(2)", "(3)"… so two imports of one file stay apart in the list. */
async function unusedName(name: string): Promise<string> {
  const taken = new Set((await listWorkflows()).map((workflow) => workflow.name));
  if (!taken.has(name)) return name;
  for (let copy = 2; ; copy++) {
    const candidate = `${name} (${copy})`.slice(0, 200);
    if (!taken.has(candidate)) return candidate;
  }
}
