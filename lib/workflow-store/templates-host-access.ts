/**
 * Whether a template's graph uses components that touch the host (so only an admin may create it): the same rule the
 * compiler applies.
 */
import { lookupComponent } from "../nodes";
import { launchNodeOf, usesHost } from "../workflow/host-access";
import type { WorkflowGraph } from "../workflow/graph";

export function usesHostAccess(graph: WorkflowGraph): boolean {
  return graph.nodes.some(
    (node) =>
      lookupComponent(node.type) !== undefined && usesHost(launchNodeOf(node, lookupComponent), graph.mcpServers),
  );
}
