/** Small builders for graphs and stored runs used by integration tests. */
import { getDb } from "../db/client";
import { asJson } from "../db/json";
import { lookupComponent } from "../nodes";
import { compileWorkflow, type CompiledWorkflow } from "../workflow/compile";
import type { WorkflowEdge, WorkflowGraph, WorkflowNode } from "../workflow/graph";

export const graphNode = (id: string, type: string, data: Partial<WorkflowNode["data"]> = {}): WorkflowNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: { label: id, mode: "normal", params: {}, ...data },
});

export const graphEdge = (
  source: string,
  sourceHandle: string,
  target: string,
  targetHandle: string,
): WorkflowEdge => ({
  id: `${source}.${sourceHandle}->${target}.${targetHandle}`,
  source,
  sourceHandle,
  target,
  targetHandle,
});

export function compileOrThrow(graph: WorkflowGraph): CompiledWorkflow {
  const result = compileWorkflow(graph, lookupComponent);
  if (!result.ok) throw new Error(`fixture does not compile: ${JSON.stringify(result.errors)}`);
  return result.plan;
}

/** A stored workflow and a Run row for it, without enqueueing anything. */
/** Stores a running run of `graph` (in a new workflow, or in `workflowId`'s) without queueing it. */
export async function storeRun(
  graph: WorkflowGraph,
  options: { workflowId?: string } = {},
): Promise<{ runId: string; plan: CompiledWorkflow; workflowId: string }> {
  const plan = compileOrThrow(graph);
  const workflowId =
    options.workflowId ?? (await getDb().workflow.create({ data: { name: "fixture", graph: asJson(graph) } })).id;
  const run = await getDb().run.create({
    data: { workflowId, plan: asJson(plan), graph: asJson(graph), status: "running" },
  });
  return { runId: run.id, plan, workflowId };
}
