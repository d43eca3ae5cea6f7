/**
 * What every way of storing a graph checks first — the editor's save, the API, imports, templates,
 * a run's graph opened as a workflow: params no component takes, schedules that fire too often and
 * pins a node cannot have (lib/workflow/pinned-data.ts) are refused for everyone (naming the node
 * and the param), host-access nodes are an admin's to add or change (host-access-guard.ts), and a Workflow Tool or
 * error workflow may name only a workflow the saver may run (storeRefusal, workflow-ref-access.ts).
 * Other problems may wait in a draft; these never do.
 */
import type { AccessCaller } from "../auth/access-rule";
import type { Role } from "../auth/roles";
import { lookupComponent } from "../nodes";
import { scheduleParamsTooFrequent } from "../triggers/validate-schedule-interval";
import type { WorkflowGraph } from "../workflow/graph";
import { pinProblems } from "../workflow/pinned-data";
import { unknownParamProblems } from "../workflow/unknown-params";
import { changedWorkflowRefs, workflowRefsOf } from "../workflow/workflow-refs";
import { hostAccessRefusal } from "./host-access-guard";
import { refProblems } from "./workflow-ref-access";

export type SaveRefusal = { reason: "invalid" | "forbidden"; errors: string[] };

const SCHEDULE_TYPE = "trigger.schedule";

/** Schedule nodes that fire more often than the floor, as messages naming the node and the field. */
function scheduleProblems(graph: WorkflowGraph): string[] {
  return graph.nodes
    .filter((node) => node.type === SCHEDULE_TYPE)
    .flatMap((node) => {
      const problem = scheduleParamsTooFrequent(node.data.params);
      return problem ? [`Node "${node.data.label || "Schedule"}" (${node.id}) cron: ${problem}`] : [];
    });
}

/**
 * Why `next` may not be stored by someone with `role` (over `previous`, the stored graph, or null for a new workflow),
 * or null.
 */
export function saveRefusal(role: Role, previous: WorkflowGraph | null, next: WorkflowGraph): SaveRefusal | null {
  const invalid = [
    ...unknownParamProblems(next.nodes, lookupComponent).map((problem) => problem.message),
    ...scheduleProblems(next),
    ...pinProblems(next, lookupComponent),
  ];
  if (invalid.length > 0) return { reason: "invalid", errors: invalid };
  const refusal = hostAccessRefusal(role, previous, next);
  return refusal ? { reason: "forbidden", errors: [refusal] } : null;
}

/**
 * saveRefusal, then the workflows `next` newly names (a Workflow Tool's workflowId, the error workflow): each must be
 * one `caller` may run, else the save is refused naming the node and the field.
 */
export async function storeRefusal(
  caller: AccessCaller,
  previous: WorkflowGraph | null,
  next: WorkflowGraph,
): Promise<SaveRefusal | null> {
  const refusal = saveRefusal(caller.role, previous, next);
  if (refusal) return refusal;
  const before = previous ? workflowRefsOf(previous, lookupComponent) : null;
  const added = changedWorkflowRefs(before, workflowRefsOf(next, lookupComponent));
  const problems = await refProblems(caller, added);
  return problems.length > 0 ? { reason: "forbidden", errors: problems.map((problem) => problem.message) } : null;
}
