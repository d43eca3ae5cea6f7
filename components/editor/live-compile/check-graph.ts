/** One live check of the editor's graph: the compiler's problems, or when it compiles, the idle-Entry rule's. */
import type { ComponentMeta } from "@/lib/nodes/types";
import { compileWorkflow, type Problem } from "@/lib/workflow/compile";
import type { WorkflowGraph } from "@/lib/workflow/graph";
import { idleEntryProblems } from "@/lib/workflow/idle-entry";

export type { Problem };

export function checkGraph(graph: WorkflowGraph, catalogue: ComponentMeta[], hostTools?: boolean): Problem[] {
  const byId = new Map(catalogue.map((component) => [component.id, component]));
  const lookup = (type: string) => byId.get(type);
  const result = compileWorkflow(graph, lookup, { hostTools });
  return result.ok ? idleEntryProblems(result.plan, lookup) : result.errors;
}
