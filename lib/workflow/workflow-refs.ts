/**
 * The other workflows a graph starts: every param a component declares as a `workflow-ref` (the Workflow Tool's
 * `workflowId`) and the workflow-level error workflow. Since sharing, naming a workflow must not let anyone run one
 * they cannot reach, so saves, run starts and child runs check each of these
 * (lib/workflow-store/workflow-ref-access.ts). Pure.
 */
import type { ComponentMeta } from "../nodes/types";
import type { WorkflowGraph } from "./graph";

/** One reference: the node (absent for the workflow's settings), the field that names it and the workflow's id. */
export type WorkflowRef = { nodeId?: string; label?: string; field: string; workflowId: string };

export const ERROR_WORKFLOW_FIELD = "settings.errorWorkflowId";

/** Where a reference sits, as save and compile errors name things: the node and its field, or the setting. */
export function refPlace(ref: WorkflowRef): string {
  return ref.nodeId ? `Node "${ref.label}" (${ref.nodeId}) ${ref.field}` : ref.field;
}

/** Every workflow the graph names, in node order, the error workflow last. */
export function workflowRefsOf(
  graph: Pick<WorkflowGraph, "nodes" | "settings">,
  lookup: (type: string) => Pick<ComponentMeta, "fields" | "label"> | undefined,
): WorkflowRef[] {
  const refs: WorkflowRef[] = graph.nodes.flatMap((node) => {
    const component = lookup(node.type);
    if (!component) return [];
    return component.fields
      .filter((field) => field.kind === "workflow-ref")
      .flatMap((field) => {
        const value = node.data.params[field.name];
        if (typeof value !== "string" || value === "") return [];
        return [{ nodeId: node.id, label: node.data.label || component.label, field: field.name, workflowId: value }];
      });
  });
  const errorWorkflowId = graph.settings?.errorWorkflowId;
  return errorWorkflowId ? [...refs, { field: ERROR_WORKFLOW_FIELD, workflowId: errorWorkflowId }] : refs;
}

/**
 * The references to workflows `previous` did not name (null: a new workflow, so all of them). A workflow named before
 * stays: an editor may change the rest of a graph whose Workflow Tool someone with more access wired.
 */
export function changedWorkflowRefs(previous: WorkflowRef[] | null, next: WorkflowRef[]): WorkflowRef[] {
  if (!previous) return next;
  const named = new Set(previous.map((ref) => ref.workflowId));
  return next.filter((ref) => !named.has(ref.workflowId));
}
