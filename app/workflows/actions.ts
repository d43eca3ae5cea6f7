"use server";
/** Server actions behind the editor and the workflow list: create, save, and save-then-run a workflow. */
import { redirect } from "next/navigation";
import { startRun } from "@/lib/runs/start-run";
import { parseGraph } from "@/lib/workflow/graph";
import { createWorkflow, updateWorkflow } from "@/lib/workflows/repository";
import { SaveWorkflowInput, WorkflowId, type RunWorkflowResult, type SaveWorkflowResult } from "./schema";

export async function createWorkflowAction(): Promise<never> {
  const { id } = await createWorkflow("Untitled workflow");
  redirect(`/workflows/${id}`);
}

export async function saveWorkflowAction(id: unknown, input: unknown): Promise<SaveWorkflowResult> {
  const workflowId = WorkflowId.safeParse(id);
  if (!workflowId.success) return { ok: false, errors: workflowId.error.issues.map((issue) => issue.message) };
  const body = SaveWorkflowInput.safeParse(input);
  if (!body.success) return { ok: false, errors: body.error.issues.map((issue) => issue.message) };
  const graph = parseGraph(body.data.graph);
  if (!graph.ok) return { ok: false, errors: graph.errors };
  const found = await updateWorkflow(workflowId.data, { name: body.data.name, graph: graph.graph });
  return found ? { ok: true } : { ok: false, errors: [`Workflow ${workflowId.data} does not exist`] };
}

/** Saves, then starts a run and redirects to it; a refused run answers the compile errors instead. */
export async function runWorkflowAction(id: unknown, input: unknown): Promise<RunWorkflowResult> {
  const saved = await saveWorkflowAction(id, input);
  if (!saved.ok) return { ok: false, saved: false, errors: saved.errors.map((message) => ({ message })) };
  let runId: string;
  try {
    const result = await startRun(WorkflowId.parse(id), undefined);
    if (!result.ok) return { ok: false, saved: true, errors: result.reason === "invalid" ? result.errors : [{ message: result.message }] };
    runId = result.runId;
  } catch (error) {
    return { ok: false, saved: true, errors: [{ message: `Could not start the run: ${error instanceof Error ? error.message : String(error)}` }] };
  }
  redirect(`/runs/${runId}`);
}
