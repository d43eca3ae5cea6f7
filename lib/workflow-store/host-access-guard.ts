/**
 * Only admins add or change nodes that touch the host. Editors may save any other change to a
 * workflow that holds such nodes (an admin put them there), and run it while host access is on.
 * What touches the host is read from each node's launch spec (lib/workflow/launch-spec.ts).
 */
import type { Role } from "../auth/roles";
import { lookupComponent } from "../nodes";
import type { WorkflowGraph } from "../workflow/graph";
import { changedHostNodes, launchNodeOf } from "../workflow/host-access";
import { launchSpecOf, unresolvedReason } from "../workflow/launch-spec";

/** The refusal for a non-admin whose graph adds or changes host-access nodes, or null when the save may go ahead. */
export function hostAccessRefusal(role: Role, previous: WorkflowGraph | null, next: WorkflowGraph): string | null {
  if (role === "admin") return null;
  const changed = changedHostNodes(previous, next, lookupComponent);
  if (changed.length === 0) return null;
  const labels = changed.map((id) => {
    const node = launchNodeOf(
      next.nodes.find((candidate) => candidate.id === id)!,
      lookupComponent,
    );
    // A node the worker could not even work out counts as touching the host: say why, so it can be fixed.
    const unresolved = unresolvedReason(launchSpecOf(node, next.mcpServers));
    const why = unresolved
      ? ` — its settings cannot be worked out (${unresolved}), so it counts as touching the host`
      : "";
    return `"${node.label}" (${id})${why}`;
  });
  return `Only an admin may add or change nodes that touch the host: ${labels.join(", ")}`;
}
