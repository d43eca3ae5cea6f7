/**
 * Which nodes touch the machine Switchboard runs on, decided from the exact spec of what each one
 * starts or reaches (launch-spec.ts: the worker's own reading of its params), never from a second
 * reading of the params. Pure, so the compiler, the save path and the browser agree. Such nodes run
 * only when an admin enabled host access, and only admins may add or change them
 * (lib/workflow-store/host-access-guard.ts).
 */
import type { ComponentMeta } from "../nodes/types";
import type { WorkflowGraph } from "./graph";
import { launchSpecOf, touchesHost, type LaunchNode } from "./launch-spec";

type Lookup = (type: string) => ComponentMeta | undefined;

/** Whether the node (its type and params, with the workflow's declared MCP servers) touches the host. */
export const usesHost = (node: LaunchNode, mcpServers: unknown): boolean => touchesHost(launchSpecOf(node, mcpServers));

export function hostAccessMessage(label: string, componentLabel: string): string {
  return (
    `"${label}" (${componentLabel}) runs programs or reads files on this machine, and host access is off: an ` +
    `admin can turn it on in Settings → Host access (or set SWITCHBOARD_HOST_TOOLS=1)`
  );
}

/** A graph node as the launch spec reads it: its params over its component's defaults. */
export function launchNodeOf(node: WorkflowGraph["nodes"][number], lookup: Lookup): LaunchNode {
  const meta = lookup(node.type);
  return {
    id: node.id,
    type: node.type,
    label: node.data.label || meta?.label || node.id,
    params: { ...meta?.defaults, ...node.data.params },
  };
}

/** The graph's host-access nodes by id, with what makes each one what it is (to tell a change apart from a move). */
function hostNodes(graph: WorkflowGraph, lookup: Lookup): Map<string, string> {
  const found = new Map<string, string>();
  for (const node of graph.nodes) {
    if (!usesHost(launchNodeOf(node, lookup), graph.mcpServers)) continue;
    found.set(
      node.id,
      JSON.stringify([
        node.type,
        node.data.mode,
        node.data.params,
        node.data.toolConfig ?? null,
        node.type.startsWith("mcp.") ? (graph.mcpServers ?? null) : null,
      ]),
    );
  }
  return found;
}

/**
 * Host-access nodes of `next` that are new, or whose type, mode, params or tool settings differ from `previous`: what
 * only an admin may save.
 */
export function changedHostNodes(previous: WorkflowGraph | null, next: WorkflowGraph, lookup: Lookup): string[] {
  const before = previous ? hostNodes(previous, lookup) : new Map<string, string>();
  return [...hostNodes(next, lookup)].filter(([id, identity]) => before.get(id) !== identity).map(([id]) => id);
}
