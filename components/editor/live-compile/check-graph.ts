/** One live check of the editor's graph: the compiler's problems, or when it compiles, the idle-Entry rule's. */
import { compileWorkflow, type Catalogue, type Problem } from "@/lib/workflow/compile";
import type { WorkflowGraph } from "@/lib/workflow/graph";
import { idleEntryProblems } from "@/lib/workflow/idle-entry";

export type { Problem };

export function checkGraph(graph: WorkflowGraph, lookup: Catalogue, hostTools?: boolean): Problem[] {
  const result = compileWorkflow(graph, lookup, { hostTools });
  return result.ok ? idleEntryProblems(result.plan, lookup) : result.errors;
}
