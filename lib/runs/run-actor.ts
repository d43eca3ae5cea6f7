/**
 * Whose access a run's Workflow Tools and error workflow are judged by: the person it acts for — the parent run's,
 * for a child run (`actingFor`); else whoever started it (`by`: the editor's Run, the API, a chat, an evaluation);
 * else its workflow's owner (a webhook, a schedule, the public chat). A workflow nobody owns is an admin's.
 */
import { sql } from "../db/sql";
import type { CompileError } from "../workflow/compile";
import type { WorkflowRef } from "../workflow/workflow-refs";
import { runActorProblems } from "../workflow-store/workflow-ref-access";
import type { RunTrigger } from "./run-trigger";

async function ownerOf(workflowId: string): Promise<string | null> {
  const [row] = await sql<{ ownerId: string | null }>`SELECT "ownerId" FROM "Workflow" WHERE id = ${workflowId}`;
  return row?.ownerId ?? null;
}

/** The user id a run of `workflowId` started by `trigger` acts for; null for nobody (an unowned workflow). */
export async function runActor(workflowId: string, trigger: RunTrigger | null | undefined): Promise<string | null> {
  return trigger?.actingFor ?? trigger?.by?.userId ?? (await ownerOf(workflowId));
}

/** The user id a stored run acts for, read from its trigger and workflow. */
export async function actorOfRun(runId: string): Promise<string | null> {
  const [row] = await sql<{ workflowId: string; trigger: RunTrigger | null }>`
    SELECT "workflowId", trigger FROM "Run" WHERE id = ${runId}`;
  return row ? runActor(row.workflowId, row.trigger) : null;
}

/** The workflows `refs` name that the run's person may not start, as compile errors naming the node and field. */
export async function refErrors(
  workflowId: string,
  trigger: RunTrigger | null | undefined,
  refs: WorkflowRef[],
): Promise<CompileError[]> {
  if (refs.length === 0) return [];
  const problems = await runActorProblems(await runActor(workflowId, trigger), refs);
  return problems.map((problem) => ({ code: "workflow-not-allowed", ...problem }));
}
