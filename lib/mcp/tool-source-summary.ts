/**
 * One line per MCP server a node stands for, as the editor shows it: the `{source}__*` names the
 * agent will see, where the server is, and which of its tools pass the filter. Pure and
 * browser-safe: it reads the saved params only, it never connects, and it reads them without the
 * params' schemas (server-specs.ts), which stay out of the editor's bundle: what it cannot read it
 * shows as missing, and the live check names the problem.
 */
import { exposedMcpName } from "../gateway/mcp-tools";
import { isRecord } from "../validation/is-record";
import { isWebSocketUrl } from "./remote-protocol";
import { MCP_GROUP_TYPE, readToolFilter, sourceSlug, type ToolFilter } from "./mcp-names";

export type ToolSourceLine = { names: string; where: string; filter: string };

export function describeFilter(filter: ToolFilter | undefined): string {
  if (!filter || filter.mode === "all") return "all tools";
  const count = filter.tools.length;
  return filter.mode === "selected" ? `${count} selected` : `all except ${count}`;
}

function describeWhere(source: Record<string, unknown>): string {
  if (source.transport === "ref") return `workflow server “${String(source.ref ?? "")}”`;
  if (source.transport === "http") {
    const url = String(source.url ?? "");
    if (!URL.canParse(url)) return url || "no URL yet";
    const parsed = new URL(url);
    // the scheme tells a WebSocket server from an HTTP one at a glance
    return isWebSocketUrl(parsed) ? `${parsed.protocol}//${parsed.host}` : parsed.host;
  }
  const command = [source.command, ...(Array.isArray(source.args) ? source.args : [])].filter(Boolean).join(" ");
  return command || "no command yet";
}

type McpNodeLike = { type: string; label: string; params: Record<string, unknown> };
type SummarisedServer = { source: string; params: Record<string, unknown>; filter?: ToolFilter };

/** The servers a node stands for: a group's by their ids, a single server's by the node's label. */
function serversOf(node: McpNodeLike): SummarisedServer[] {
  if (node.type !== MCP_GROUP_TYPE)
    return [{ source: sourceSlug(node.label), params: node.params, filter: readToolFilter(node.params.toolFilter) }];
  const servers = Array.isArray(node.params.servers) ? node.params.servers : [];
  return servers.flatMap((server) =>
    isRecord(server) && typeof server.id === "string"
      ? [{ source: sourceSlug(server.id), params: server, filter: readToolFilter(server.toolFilter) }]
      : [],
  );
}

export function toolSourceSummary(node: McpNodeLike): ToolSourceLine[] {
  return serversOf(node).map(({ source, params, filter }) => ({
    names: `${source}__*`,
    where: describeWhere(params),
    filter: describeFilter(filter),
  }));
}

/** The exposed names that are certain before discovery: those of servers whose filter selects tools by name. */
export function knownToolNames(node: McpNodeLike): string[] {
  return serversOf(node).flatMap(({ source, filter }) =>
    filter?.mode === "selected" ? filter.tools.map((tool) => exposedMcpName(source, tool)) : [],
  );
}
