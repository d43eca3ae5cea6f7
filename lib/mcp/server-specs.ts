/**
 * The MCP servers a node stands for: one for an MCP Server node, one per entry for an MCP Group
 * (registered as `{groupNodeId}-{serverId}`). Registration and tool calls both read them from here.
 */
import { z } from "zod";
import { McpServerSource, resolveServerSource, sourceSlug, ToolFilter, type McpServerConfig } from "./config";
import { REMOTE_PROTOCOLS } from "./remote-protocol";
import { describeIssues } from "../validation/describe-issues";

export const MCP_SERVER_TYPE = "mcp.server";
export const MCP_GROUP_TYPE = "mcp.group";
export const isMcpNodeType = (type: string) => type === MCP_SERVER_TYPE || type === MCP_GROUP_TYPE;

export const RuntimeParams = {
  callTimeoutSeconds: z.number().positive().max(3600).default(60),
  startupTimeoutSeconds: z.number().positive().max(600).default(20),
  healthCheckSeconds: z.number().min(0).max(3600).default(0),
};

export const ServerNodeParams = z.object({
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

export const GroupServer = z.object({ id: z.string().regex(/^[A-Za-z0-9_]+$/, "a server id uses letters, digits and _"), toolFilter: ToolFilter.optional() }).catchall(z.unknown());
export const GroupNodeParams = z.object({
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
export const editorServerKey = (node: { id: string; type: string }, spec: ServerSpec): string => (node.type === MCP_GROUP_TYPE ? spec.nodeId.slice(node.id.length + 1) : node.id);

/** The server a flat MCP Server node's params describe. */
export function serverSourceOf(params: ServerNodeParams): unknown {
  if (params.transport === "ref") return { transport: "ref", ref: params.ref };
  if (params.transport === "http") return { transport: "http", url: params.url, headers: params.headers, protocol: params.protocol, ...(params.auth === "oauth" ? { oauth: oauthSettingsOf(params) } : {}) };
  return { transport: "stdio", command: params.command, args: params.args, env: params.env, cwd: params.cwd || undefined, roots: params.roots, network: params.network };
}

/** The node's OAuth fields as an `oauth` config; empty fields are left out (no client id: dynamic registration). */
function oauthSettingsOf(params: ServerNodeParams): Record<string, unknown> {
  const given = (value: unknown) => (value === "" || value === undefined || value === null ? undefined : value);
  return Object.fromEntries(
    Object.entries({ clientId: given(params.oauthClientId), clientSecret: given(params.oauthClientSecret), scope: given(params.oauthScope.trim()) }).filter(([, value]) => value !== undefined),
  );
}

function parseSource(raw: unknown, where: string, declared: unknown): McpServerConfig {
  const parsed = McpServerSource.safeParse(raw);
  if (!parsed.success) throw new Error(`${where}: ${describeIssues(parsed.error, "params")}`);
  return resolveServerSource(parsed.data, declared, where);
}

/** Every server of an MCP node, with its registry node id and `{source}` name. Throws errors naming the node. */
export function serverSpecs(node: { id: string; type: string; label: string; params: Record<string, unknown> }, declared: unknown): ServerSpec[] {
  const where = `MCP node "${node.label}" (${node.id})`;
  const runtime = (p: { callTimeoutSeconds: number; startupTimeoutSeconds: number; healthCheckSeconds: number }) => ({
    callTimeoutMs: p.callTimeoutSeconds * 1000,
    startupTimeoutMs: p.startupTimeoutSeconds * 1000,
    healthIntervalMs: p.healthCheckSeconds * 1000,
  });
  if (node.type === MCP_GROUP_TYPE) {
    const parsed = GroupNodeParams.safeParse(node.params);
    if (!parsed.success) throw new Error(`${where}: ${describeIssues(parsed.error, "params")}`);
    const ids = new Set<string>();
    return parsed.data.servers.map(({ id, toolFilter, ...source }) => {
      if (ids.has(id)) throw new Error(`${where}: server id "${id}" is used twice`);
      ids.add(id);
      return {
        nodeId: `${node.id}-${id}`,
        groupNodeId: node.id,
        source: sourceSlug(id),
        config: parseSource(source, `${where} server "${id}"`, declared),
        filter: toolFilter ?? { mode: "all", tools: [] },
        ...runtime(parsed.data),
      };
    });
  }
  const parsed = ServerNodeParams.safeParse(node.params);
  if (!parsed.success) throw new Error(`${where}: ${describeIssues(parsed.error, "params")}`);
  return [{ nodeId: node.id, source: sourceSlug(node.label), config: parseSource(serverSourceOf(parsed.data), where, declared), filter: parsed.data.toolFilter, ...runtime(parsed.data) }];
}
