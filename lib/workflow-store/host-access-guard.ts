/**
 * Only admins add or change nodes that touch the host. Editors may save any other change to a
 * workflow that holds such nodes (an admin put them there), and run it while host access is on.
 */
import type { Role } from "../auth/roles";
import { lookupComponent } from "../nodes";
import type { WorkflowGraph } from "../workflow/graph";
import { changedHostNodes } from "../workflow/host-access";

/** The refusal for a non-admin whose graph adds or changes host-access nodes, or null when the save may go ahead. */
export function hostAccessRefusal(role: Role, previous: WorkflowGraph | null, next: WorkflowGraph): string | null {
  if (role === "admin") return null;
  const changed = changedHostNodes(previous, next, lookupComponent);
  if (changed.length === 0) return null;
  const labels = changed.map((id) => {
    const node = next.nodes.find((candidate) => candidate.id === id)!;
    return `"${node.data.label || lookupComponent(node.type)?.label || id}" (${id})`;
  });
  return `Only an admin may add or change nodes that touch the host: ${labels.join(", ")}`;
}
