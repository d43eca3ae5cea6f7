"use server";
/**
 * The editor's build loop: run one node, run from or up to a node, or a whole test run that uses
 * pinned data — each saves first and starts a real run that the editor follows without leaving
 * the page (lib/runs/partial-run.ts) — and the latest data of each node for the input/output
 * panel. Running needs the editor role; reading the data, the viewer role (they may read runs).
 */
import { actionPrincipal, workflowDenied } from "@/lib/auth/request-access";
import { latestNodeOutputs } from "@/lib/runs/recorded-outputs";
import { startTestRun } from "@/lib/runs/partial-run";
import { startedBy } from "@/lib/runs/run-trigger";
import { TestRunRequest } from "@/lib/workflow/partial-plan";
import { saveWorkflowAction } from "./actions";
import { unsavedRun, WorkflowId } from "./schema";
import type { NodeDataResult, TestRunResult } from "./test-run-schema";

/** Saves the editor's graph (as saveWorkflowAction), then starts the test run `request` asks for. */
export async function testRunAction(
  id: unknown,
  input: unknown,
  request: unknown,
  runInput?: unknown,
  expectedVersion?: unknown,
): Promise<TestRunResult> {
  const caller = await actionPrincipal("editor");
  if (!caller.ok) return { ok: false, saved: false, errors: [{ message: caller.error }] };
  const asked = TestRunRequest.safeParse(request);
  if (!asked.success)
    return {
      ok: false,
      saved: false,
      errors: [{ message: `request: ask for { mode: "node" | "from" | "upTo", nodeId } or { mode: "all" }` }],
    };
  const saved = await saveWorkflowAction(id, input, expectedVersion);
  if (!saved.ok) return unsavedRun(saved);
  try {
    const started = await startTestRun(WorkflowId.parse(id), asked.data, runInput, startedBy(caller.principal));
    if (!started.ok)
      return { ok: false, saved: true, errors: "errors" in started ? started.errors : [{ message: started.message }] };
    return { ok: true, runId: started.runId, version: saved.version };
  } catch (error) {
    const message = `Could not start the test run: ${error instanceof Error ? error.message : String(error)}`;
    return { ok: false, saved: true, errors: [{ message }] };
  }
}

/** Each node's output in the workflow's latest runs (redacted when it was recorded). */
export async function nodeDataAction(id: unknown): Promise<NodeDataResult> {
  const caller = await actionPrincipal("viewer");
  if (!caller.ok) return { ok: false, errors: [caller.error] };
  const workflowId = WorkflowId.safeParse(id);
  if (!workflowId.success) return { ok: false, errors: workflowId.error.issues.map((issue) => issue.message) };
  const denied = await workflowDenied(caller.principal, workflowId.data, "view");
  if (denied) return { ok: false, errors: [denied] };
  return { ok: true, outputs: await latestNodeOutputs(workflowId.data) };
}
