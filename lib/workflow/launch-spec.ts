/**
 * What a node will start or reach on this machine, worked out from its params exactly as the worker
 * does (the same strict schemas, the same `ref` resolution): the one truth that the save check,
 * imports, templates, Discover and the worker's start all judge. Pure, so the browser runs it too.
 * Whether a node touches the host is a function of this spec alone (`touchesHost`).
 */
import { z } from "zod";
import { nodeServers, type NodeServer, type NodeServers } from "../mcp/server-specs";
import { MCP_GROUP_TYPE, MCP_SERVER_TYPE } from "../mcp/mcp-names";
import { ExternalAgentParams, FsReadParams, FsWriteParams, ShellExecParams } from "../nodes/host-params";
import { describeIssues } from "../validation/describe-issues";

/**
 * One program started, directory opened, or server reached. `unresolved`: the worker could not work it out (and starts
 * nothing), judged as if it were a program.
 */
export type Launch =
  | {
      kind: "process";
      by: "mcp-stdio" | "run-command" | "external-agent";
      command: string;
      args: string[];
      env?: Record<string, unknown>;
      cwd?: string;
      /** The directories it may write in its sandbox. */
      roots?: string[];
      network?: boolean;
      allowedCommands?: string[];
      server?: string;
    }
  | { kind: "files"; access: "read" | "write"; roots: string[] }
  | { kind: "remote"; url: string; server?: string }
  | { kind: "unresolved"; reason: string; server?: string };

export type LaunchSpec = {
  nodeId: string;
  launches: Launch[];
  /** For MCP nodes: the servers as the worker and Discover start them (lib/mcp/server-specs.ts). */
  mcp?: NodeServers;
};

export type LaunchNode = { id: string; type: string; label: string; params: Record<string, unknown> };

const unresolved = (error: z.ZodError, server?: string): Launch => ({
  kind: "unresolved",
  reason: describeIssues(error, "params"),
  ...(server ? { server } : {}),
});

function mcpLaunch(server: NodeServer): Launch {
  const name = { server: server.source };
  if (server.transport === "http" && server.config?.transport === "http")
    return { kind: "remote", url: server.config.url, ...name };
  if (server.transport === "stdio" && server.config?.transport === "stdio") {
    const { command, args, env, cwd, roots, network } = server.config;
    return {
      kind: "process",
      by: "mcp-stdio",
      command,
      args,
      env,
      ...(cwd ? { cwd } : {}),
      roots: roots ?? [],
      network: network ?? false,
      ...name,
    };
  }
  return { kind: "unresolved", reason: server.error ?? "the server cannot be worked out", ...name };
}

function mcpSpec(node: LaunchNode, declared: unknown): LaunchSpec {
  const mcp = nodeServers(node, declared);
  const launches = mcp.ok ? mcp.servers.map(mcpLaunch) : [{ kind: "unresolved" as const, reason: mcp.error }];
  return { nodeId: node.id, launches, mcp };
}

/**
 * The launches of the components that are not MCP nodes, by type: each parses with the schema its execute() receives.
 */
const componentLaunches: Record<string, (params: Record<string, unknown>) => Launch[]> = {
  "core.shell.exec": (params) => {
    const parsed = ShellExecParams.safeParse(params);
    if (!parsed.success) return [unresolved(parsed.error)];
    const { command, args, cwd, roots, network, allowedCommands } = parsed.data;
    return [
      { kind: "process", by: "run-command", command, args, allowedCommands, ...(cwd ? { cwd } : {}), roots, network },
    ];
  },
  "core.fs.read": (params) => {
    const parsed = FsReadParams.safeParse(params);
    return parsed.success ? [{ kind: "files", access: "read", roots: parsed.data.roots }] : [unresolved(parsed.error)];
  },
  "core.fs.write": (params) => {
    const parsed = FsWriteParams.safeParse(params);
    return parsed.success ? [{ kind: "files", access: "write", roots: parsed.data.roots }] : [unresolved(parsed.error)];
  },
  "core.external.agent": (params) => {
    const parsed = ExternalAgentParams.safeParse(params);
    if (!parsed.success) return [unresolved(parsed.error)];
    const { mode, command, args } = parsed.data;
    return mode === "process" ? [{ kind: "process", by: "external-agent", command, args }] : [];
  },
};

/**
 * The component types whose nodes may start a program, open files or reach a server: every other type's spec is empty.
 */
export const LAUNCHING_TYPES: readonly string[] = [MCP_SERVER_TYPE, MCP_GROUP_TYPE, ...Object.keys(componentLaunches)];

/**
 * The exact, normalised spec of what the node starts or reaches. `params` are the node's params
 * (defaults may be merged in or not: the schemas apply them); `declared` the workflow's MCP servers.
 */
export function launchSpecOf(node: LaunchNode, declared: unknown): LaunchSpec {
  // zod skips an own `__proto__` key even when strict; what hides there is refused, not read past.
  if (LAUNCHING_TYPES.includes(node.type) && Object.hasOwn(node.params, "__proto__")) {
    return { nodeId: node.id, launches: [{ kind: "unresolved", reason: 'params: "__proto__" is not a param' }] };
  }
  if (node.type === MCP_SERVER_TYPE || node.type === MCP_GROUP_TYPE) return mcpSpec(node, declared);
  const launches = componentLaunches[node.type]?.(node.params) ?? [];
  return { nodeId: node.id, launches };
}

/** Whether the spec touches this machine: any program, file root or server that is not surely remote. */
export const touchesHost = (spec: LaunchSpec): boolean => spec.launches.some((launch) => launch.kind !== "remote");

/**
 * Why the spec touches the host when the worker could not even work it out, for a refusal's message; null otherwise.
 */
export function unresolvedReason(spec: LaunchSpec): string | null {
  const found = spec.launches.find((launch) => launch.kind === "unresolved");
  return found?.kind === "unresolved" ? found.reason : null;
}
