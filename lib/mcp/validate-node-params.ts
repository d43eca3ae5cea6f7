/**
 * What the compiler can tell about an MCP node's server before any run: a stdio server without a
 * command, a remote one without a usable http(s) or ws(s) URL or with a protocol its scheme
 * cannot speak, a reference to a server the workflow does not declare,
 * a group without servers. Pure (no spawning, no network), so the canvas shows it as you type.
 */
import type { ParamProblem, ParamValidator } from "../nodes/types";
import { McpServerConfig, McpServerSource, type ToolFilter } from "./config";
import { isRemoteProtocol, protocolMismatch, REMOTE_URL_SCHEMES } from "./remote-protocol";
import { GroupNodeParams, ServerNodeParams, serverSourceOf } from "./server-specs";
import { describeIssues, issueText } from "../validation/describe-issues";

function urlProblem(url: string): string | null {
  if (!url.trim()) return "needs the URL of its MCP server";
  if (!URL.canParse(url.trim())) return `has URL "${url}", which is not an absolute http(s) or ws(s) URL`;
  const { protocol } = new URL(url.trim());
  return REMOTE_URL_SCHEMES.includes(protocol) ? null : `has URL "${url}", which is not http(s) or ws(s)`;
}

/** A protocol chosen by name that cannot speak to the URL's scheme (WebSocket for http, SSE for ws). */
function protocolProblem(url: string, protocol: unknown): string | null {
  const named = protocol ?? "auto";
  if (!isRemoteProtocol(named)) return null; // the schema names it
  const mismatch = protocolMismatch(new URL(url.trim()), named);
  return mismatch && `has protocol "${named}", which ${mismatch}`;
}

function refProblem(ref: string, declared: Record<string, unknown> | undefined): string | null {
  if (!ref.trim()) return "needs the name of a workflow MCP server";
  const names = Object.keys(declared ?? {});
  if (!names.includes(ref)) {
    const declaredNames = names.length ? ` (it declares ${names.map((name) => `"${name}"`).join(", ")})` : "";
    return `refers to MCP server "${ref}", which the workflow does not declare${declaredNames}`;
  }
  const entry = McpServerConfig.safeParse(declared![ref]);
  return entry.success ? null : `refers to MCP server "${ref}", which is invalid: ${describeIssues(entry.error)}`;
}

/** The problem with one server source (stdio / http / ref) and the field it belongs to, or null. */
function sourceProblem(
  source: unknown,
  declared: Record<string, unknown> | undefined,
): { field: string; text: string } | null {
  const raw = (source ?? {}) as {
    transport?: unknown;
    command?: unknown;
    url?: unknown;
    ref?: unknown;
    protocol?: unknown;
  };
  if (raw.transport === "http") {
    const url = typeof raw.url === "string" ? raw.url : "";
    const text = urlProblem(url);
    if (text) return { field: "url", text };
    const mismatch = protocolProblem(url, raw.protocol);
    if (mismatch) return { field: "protocol", text: mismatch };
  } else if (raw.transport === "ref") {
    const text = refProblem(typeof raw.ref === "string" ? raw.ref : "", declared);
    if (text) return { field: "ref", text };
  } else if (raw.transport === "stdio" && (typeof raw.command !== "string" || !raw.command.trim())) {
    return { field: "command", text: "needs a command to start its stdio MCP server" };
  }
  const parsed = McpServerSource.safeParse(source);
  return parsed.success
    ? null
    : {
        field: fieldOf(parsed.error.issues[0].path),
        text: `is not a valid MCP server: ${describeIssues(parsed.error)}`,
      };
}

/** The node field an issue belongs to: `oauth.clientId` is the flat node's `oauthClientId`. */
function fieldOf([first, second]: PropertyKey[]): string {
  if (first === "oauth" && typeof second === "string") return `oauth${second[0].toUpperCase()}${second.slice(1)}`;
  return String(first ?? "transport");
}

/** "Selected" with nothing selected offers the agent no tool at all: refused, rather than found out in a run. */
const emptySelection = (filter: ToolFilter | undefined) =>
  filter?.mode === "selected" && filter.tools.length === 0
    ? `has its tool filter set to "Selected" with no tool selected, so it would offer the agent none: ` +
      `pick at least one tool, or choose "All"`
    : null;

export const validateServerNodeParams: ParamValidator = (params, { label, mcpServers }) => {
  const parsed = ServerNodeParams.safeParse(params);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? "transport"),
      message: `"${label}": ${issueText(issue)}`,
    }));
  const problem = sourceProblem(serverSourceOf(parsed.data), mcpServers);
  if (problem) return [{ field: problem.field, message: `"${label}" ${problem.text}` }];
  const empty = emptySelection(parsed.data.toolFilter);
  return empty ? [{ field: "toolFilter", message: `"${label}" ${empty}` }] : [];
};

export const validateGroupNodeParams: ParamValidator = (params, { label, mcpServers }) => {
  const parsed = GroupNodeParams.safeParse(params);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? "servers"),
      message: `"${label}": ${issueText(issue)}`,
    }));
  const { servers } = parsed.data;
  if (servers.length === 0) return [{ field: "servers", message: `"${label}" needs at least one server` }];
  const problems: ParamProblem[] = [];
  const seen = new Set<string>();
  for (const { id, toolFilter, ...source } of servers) {
    if (seen.has(id)) problems.push({ field: "servers", message: `"${label}" uses server id "${id}" twice` });
    seen.add(id);
    const problem = sourceProblem(source, mcpServers) ?? { text: emptySelection(toolFilter) };
    if (problem.text) problems.push({ field: "servers", message: `Server "${id}" of "${label}" ${problem.text}` });
  }
  return problems;
};

/** The workflow-level servers themselves, each by name: one bad entry would make every reference fail at run time. */
export function validateWorkflowMcpServers(
  declared: Record<string, unknown> | undefined,
): { name: string; message: string }[] {
  return Object.entries(declared ?? {}).flatMap(([name, config]) => {
    const parsed = McpServerConfig.safeParse(config);
    return parsed.success
      ? []
      : [{ name, message: `Workflow MCP server "${name}" is invalid: ${describeIssues(parsed.error)}` }];
  });
}
