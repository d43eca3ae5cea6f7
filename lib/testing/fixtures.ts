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

export const graphEdge = (source: string, sourceHandle: string, target: string, targetHandle: string): WorkflowEdge => ({
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
export async function storeRun(graph: WorkflowGraph): Promise<{ runId: string; plan: CompiledWorkflow }> {
  const plan = compileOrThrow(graph);
  const workflow = await getDb().workflow.create({ data: { name: "fixture", graph: asJson(graph) } });
  const run = await getDb().run.create({ data: { workflowId: workflow.id, plan: asJson(plan), graph: asJson(graph), status: "running" } });
  return { runId: run.id, plan };
}
