/**
 * The MCP servers a node stands for: one for an MCP Server node, one per entry for an MCP Group
 * (registered as `{groupNodeId}-{serverId}`). Registration, tool calls, Discover and the
 * host-access checks all read them from here (`nodeServers`), so what is judged is what starts.
 */
import { z } from "zod";
import { McpServerSource, resolveServerSource, ToolFilter, type McpServerConfig } from "./config";
import { MCP_GROUP_TYPE, MCP_SERVER_TYPE, sourceSlug } from "./mcp-names";
import { REMOTE_PROTOCOLS } from "./remote-protocol";
import { describeIssues } from "../validation/describe-issues";

export const RuntimeParams = {
  callTimeoutSeconds: z.number().positive().max(3600).default(60),
  startupTimeoutSeconds: z.number().positive().max(600).default(20),
  healthCheckSeconds: z.number().min(0).max(3600).default(0),
};

/** Strict: a param it does not name (`servers` on a single server, say) is an error, never ignored. */
export const ServerNodeParams = z.strictObject({
  transport: z.enum(["stdio", "http", "ref"]).default("stdio"),
  command: z.string().default(""),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.unknown()).default({}),
  cwd: z.string().default(""),
  roots: z.unknown().default([]),
  network: z.unknown().default(false),
  url: z.string().default(""),
  headers: z.record(z.string(), z.unknown()).default({}),
  protocol: z.enum(REMOTE_PROTOCOLS).default("auto"),
  /** "oauth": the server wants an OAuth 2.1 sign-in (the editor's Connect); the oauth* params are its settings. */
  auth: z.enum(["none", "oauth"]).default("none"),
  oauthClientId: z.unknown().default(""),
  oauthClientSecret: z.unknown().optional(),
  oauthScope: z.string().default(""),
  ref: z.string().default(""),
  toolFilter: ToolFilter.default({ mode: "all", tools: [] }),
  ...RuntimeParams,
});
export type ServerNodeParams = z.infer<typeof ServerNodeParams>;

export const GroupServer = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_]+$/, "a server id uses letters, digits and _"),
    toolFilter: ToolFilter.optional(),
  })
  .catchall(z.unknown());
export const GroupNodeParams = z.strictObject({
  servers: z.array(GroupServer).default([]),
  ...RuntimeParams,
});
export type GroupNodeParams = z.infer<typeof GroupNodeParams>;

export type ServerSpec = {
  nodeId: string;
  /** Set for the servers of an MCP Group: the group node's id. */
  groupNodeId?: string;
  source: string;
  config: McpServerConfig;
  filter: ToolFilter;
  callTimeoutMs: number;
  startupTimeoutMs: number;
  healthIntervalMs: number;
};

/** How the editor names one of a node's servers: the node's id, or the server's id in a group. */
export const editorServerKey = (node: { id: string; type: string }, spec: ServerSpec): string =>
  node.type === MCP_GROUP_TYPE ? spec.nodeId.slice(node.id.length + 1) : node.id;

/** The server a flat MCP Server node's params describe. */
export function serverSourceOf(params: ServerNodeParams): unknown {
  if (params.transport === "ref") return { transport: "ref", ref: params.ref };
  if (params.transport === "http")
    return {
      transport: "http",
      url: params.url,
      headers: params.headers,
      protocol: params.protocol,
      ...(params.auth === "oauth" ? { oauth: oauthSettingsOf(params) } : {}),
    };
  return {
    transport: "stdio",
    command: params.command,
    args: params.args,
    env: params.env,
    cwd: params.cwd || undefined,
    roots: params.roots,
    network: params.network,
  };
}

/** The node's OAuth fields as an `oauth` config; empty fields are left out (no client id: dynamic registration). */
function oauthSettingsOf(params: ServerNodeParams): Record<string, unknown> {
  const given = (value: unknown) => (value === "" || value === undefined || value === null ? undefined : value);
  return Object.fromEntries(
    Object.entries({
      clientId: given(params.oauthClientId),
      clientSecret: given(params.oauthClientSecret),
      scope: given(params.oauthScope.trim()),
    }).filter(([, value]) => value !== undefined),
  );
}

/**
 * One server of a node as the worker would start or reach it: `config` when it can be worked out,
 * else `error`. `transport` is "http" only for a server that is surely remote; anything the worker
 * could not start is "unresolved", which the host-access checks treat as a local process.
 */
export type NodeServer = Omit<ServerSpec, "config"> & {
  transport: "stdio" | "http" | "unresolved";
  config?: McpServerConfig;
  error?: string;
};

export type NodeServers = { ok: true; servers: NodeServer[] } | { ok: false; error: string };

function resolveSource(
  raw: unknown,
  where: string,
  declared: unknown,
): Pick<NodeServer, "transport" | "config" | "error"> {
  const parsed = McpServerSource.safeParse(raw);
  if (!parsed.success) return { transport: "unresolved", error: `${where}: ${describeIssues(parsed.error, "params")}` };
  try {
    const config = resolveServerSource(parsed.data, declared, where);
    return { transport: config.transport, config };
  } catch (error) {
    return { transport: "unresolved", error: (error as Error).message };
  }
}

type Runtime = { callTimeoutSeconds: number; startupTimeoutSeconds: number; healthCheckSeconds: number };
const runtimeOf = (params: Runtime) => ({
  callTimeoutMs: params.callTimeoutSeconds * 1000,
  startupTimeoutMs: params.startupTimeoutSeconds * 1000,
  healthIntervalMs: params.healthCheckSeconds * 1000,
});

type McpNode = { id: string; type: string; label: string; params: Record<string, unknown> };

function groupServers(node: McpNode, where: string, declared: unknown): NodeServers {
  const parsed = GroupNodeParams.safeParse(node.params);
  if (!parsed.success) return { ok: false, error: `${where}: ${describeIssues(parsed.error, "params")}` };
  const ids = new Set<string>();
  const servers = parsed.data.servers.map(({ id, toolFilter, ...source }): NodeServer => {
    const resolved = resolveSource(source, `${where} server "${id}"`, declared);
    const duplicate = ids.has(id) ? { error: `${where}: server id "${id}" is used twice` } : {};
    ids.add(id);
    const filter = toolFilter ?? { mode: "all" as const, tools: [] };
    return {
      nodeId: `${node.id}-${id}`,
      groupNodeId: node.id,
      source: sourceSlug(id),
      filter,
      ...runtimeOf(parsed.data),
      ...resolved,
      ...duplicate,
    };
  });
  return { ok: true, servers };
}

/**
 * Every server of an MCP node, worked out exactly as the worker starts it: node params parsed
 * strictly, each source parsed and its `ref` followed to the workflow's declared servers. Never
 * throws; a node whose params do not parse is `ok: false`.
 */
export function nodeServers(node: McpNode, declared: unknown): NodeServers {
  const where = `MCP node "${node.label}" (${node.id})`;
  if (node.type === MCP_GROUP_TYPE) return groupServers(node, where, declared);
  if (node.type !== MCP_SERVER_TYPE) return { ok: false, error: `${where}: not an MCP node` };
  const parsed = ServerNodeParams.safeParse(node.params);
  if (!parsed.success) return { ok: false, error: `${where}: ${describeIssues(parsed.error, "params")}` };
  const resolved = resolveSource(serverSourceOf(parsed.data), where, declared);
  return {
    ok: true,
    servers: [
      {
        nodeId: node.id,
        source: sourceSlug(node.label),
        filter: parsed.data.toolFilter,
        ...runtimeOf(parsed.data),
        ...resolved,
      },
    ],
  };
}

/** The node's servers, ready to start; throws the first problem, naming the node (and the server). */
export function serverSpecs(node: McpNode, declared: unknown): ServerSpec[] {
  return specsOf(nodeServers(node, declared));
}

/** The servers of a `nodeServers` answer, ready to start; throws its first problem. */
export function specsOf(resolved: NodeServers): ServerSpec[] {
  if (!resolved.ok) throw new Error(resolved.error);
  return resolved.servers.map(({ transport: _transport, config, error, ...spec }) => {
    if (error || !config) throw new Error(error);
    return { ...spec, config };
  });
}
