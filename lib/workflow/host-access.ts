/**
 * Which nodes touch the machine Switchboard runs on: components that declare `hostAccess`
 * (Run Command, Read/Write File), MCP nodes whose servers are local processes (stdio), and nodes
 * whose settings make them start a program (an External Agent in process mode). Pure, so
 * the compiler, the save path and the browser agree. Such nodes run only when an admin enabled host
 * access, and only admins may add or change them (lib/workflow-store/host-access-guard.ts).
 */
import type { ComponentMeta } from "../nodes/types";
import type { WorkflowGraph } from "./graph";

type Lookup = (type: string) => ComponentMeta | undefined;
type NodeLike = { id: string; type: string; params: Record<string, unknown>; mode?: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A server source is stdio when it says so, has a command, or names a declared server that does. */
function isStdioSource(source: unknown, declared: unknown): boolean {
  if (!isRecord(source)) return false;
  if (source.transport === "stdio" || (source.transport === undefined && typeof source.command === "string")) return true;
  if (source.transport === "ref" && typeof source.ref === "string" && isRecord(declared)) return isStdioSource(declared[source.ref], undefined);
  return false;
}

export function usesHost(meta: ComponentMeta | undefined, params: Record<string, unknown>, mcpServers?: unknown): boolean {
  const access = meta?.hostAccess;
  if (access === "always") return true;
  if (typeof access === "object") return String(params[access.param] ?? meta?.defaults[access.param]) === access.equals;
  if (access !== "stdio-servers") return false;
  const sources = Array.isArray(params.servers) ? params.servers : [params];
  return sources.some((source) => isStdioSource(source, mcpServers));
}

export function hostAccessMessage(label: string, componentLabel: string): string {
  return `"${label}" (${componentLabel}) runs programs or reads files on this machine, and host access is off: an admin can turn it on in Settings → Host access (or set SWITCHBOARD_HOST_TOOLS=1)`;
}

const paramsOf = (node: WorkflowGraph["nodes"][number], meta: ComponentMeta | undefined) => ({ ...meta?.defaults, ...node.data.params });

/** The graph's host-access nodes by id, with what makes each one what it is (to tell a change apart from a move). */
function hostNodes(graph: WorkflowGraph, lookup: Lookup): Map<string, string> {
  const found = new Map<string, string>();
  for (const node of graph.nodes) {
    const meta = lookup(node.type);
    if (!usesHost(meta, paramsOf(node, meta), graph.mcpServers)) continue;
    found.set(node.id, JSON.stringify([node.type, node.data.mode, node.data.params, node.data.toolConfig ?? null, node.type.startsWith("mcp.") ? (graph.mcpServers ?? null) : null]));
  }
  return found;
}

/** Host-access nodes of `next` that are new, or whose type, mode, params or tool settings differ from `previous`: what only an admin may save. */
export function changedHostNodes(previous: WorkflowGraph | null, next: WorkflowGraph, lookup: Lookup): NodeLike["id"][] {
  const before = previous ? hostNodes(previous, lookup) : new Map<string, string>();
  return [...hostNodes(next, lookup)].filter(([id, identity]) => before.get(id) !== identity).map(([id]) => id);
}
