/**
 * Params of the wrong type in a graph read from outside (an imported file): a string where an
 * object belongs is refused naming the node id and the field, not taken silently. Values left out,
 * templates (filled in at run time) and other kinds of problem are left to the compiler and the run.
 */
import { getComponent } from "../nodes";
import type { WorkflowGraph } from "../workflow/graph";

const kindOf = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

function valueAt(params: Record<string, unknown>, path: PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (value && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined),
    params,
  );
}

export function paramTypeProblems(graph: WorkflowGraph): string[] {
  const problems: string[] = [];
  for (const node of graph.nodes) {
    const component = getComponent(node.type);
    const params = node.data.params ?? {};
    const parsed = component?.params.safeParse(params);
    if (!parsed || parsed.success) continue;
    for (const issue of parsed.error.issues) {
      if (issue.code !== "invalid_type") continue;
      const value = valueAt(params, issue.path);
      if (value === undefined || (typeof value === "string" && value.includes("{{"))) continue;
      const field = issue.path.map(String).join(".");
      problems.push(`graph: node "${node.id}": ${field}: expected ${issue.expected}, got ${kindOf(value)}`);
    }
  }
  return problems;
}
