/**
 * The error workflow: a workflow names another in `settings.errorWorkflowId`, and each of its runs
 * that fails starts that one's published version (trigger "error") with `{ runId, workflowId,
 * workflowName, nodeId, error, url }`. The setting is read from the graph the failed run ran (its
 * version, not today's draft). A run started this way never starts an error workflow when it fails
 * itself, so two workflows naming each other (or one naming itself) cannot loop.
 */
import { sql } from "../db/sql";
import { appBaseUrl } from "../platform/app-url";
import { ERROR_WORKFLOW_FIELD } from "../workflow/workflow-refs";
import { runActorProblems } from "../workflow-store/workflow-ref-access";
import { runActor } from "./run-actor";
import type { RunTrigger } from "./run-trigger";
import { startRun, startRunProblem } from "./start-run";

/** What the error workflow's run receives as its input. */
export type ErrorWorkflowInput = {
  runId: string;
  workflowId: string;
  workflowName: string;
  nodeId: string | null;
  error: string;
  url: string;
};

export type FailedRun = {
  runId: string;
  workflowId: string;
  trigger: RunTrigger | null;
  error: string;
  nodeId?: string;
};

/**
 * Starts the failed run's error workflow, if its workflow names one; answers the new run's id. Never throws: a run has
 * already ended.
 */
export async function startErrorWorkflow(failed: FailedRun): Promise<string | null> {
  if (failed.trigger?.kind === "error") return null; // an error workflow's own failure: no loops
  try {
    const [workflow] = await sql<{ name: string; errorWorkflowId: string | null }>`
      SELECT workflow.name, run.graph->'settings'->>'errorWorkflowId' AS "errorWorkflowId"
      FROM "Run" run JOIN "Workflow" workflow ON workflow.id = run."workflowId" WHERE run.id = ${failed.runId}`;
    const errorWorkflowId = workflow?.errorWorkflowId;
    if (!workflow || !errorWorkflowId) return null;
    const input: ErrorWorkflowInput = {
      runId: failed.runId,
      workflowId: failed.workflowId,
      workflowName: workflow.name,
      nodeId: failed.nodeId ?? null,
      error: failed.error,
      url: new URL(`/runs/${failed.runId}`, appBaseUrl()).toString(),
    };
    // The failed run's person must be allowed to run the error workflow, as a Workflow Tool's must (run-actor.ts).
    const actor = await runActor(failed.workflowId, failed.trigger);
    const [problem] = await runActorProblems(actor, [{ field: ERROR_WORKFLOW_FIELD, workflowId: errorWorkflowId }]);
    if (problem) {
      console.warn(`run ${failed.runId}: its error workflow did not start: ${problem.message}`);
      return null;
    }
    const started = await startRun(errorWorkflowId, input, { kind: "error", ...(actor ? { actingFor: actor } : {}) });
    if (started.ok) return started.runId;
    console.warn(
      `run ${failed.runId}: its error workflow ${errorWorkflowId} did not start: ${startRunProblem(started)}`,
    );
  } catch (error) {
    console.warn(
      `run ${failed.runId}: could not start its error workflow: ` +
        `${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return null;
}
