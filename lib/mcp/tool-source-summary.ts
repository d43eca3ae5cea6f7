/**
 * One line per MCP server a node stands for, as the editor shows it: the `{source}__*` names the
 * agent will see, where the server is, and which of its tools pass the filter. Pure and
 * browser-safe: it reads the saved params only, it never connects.
 */
import { exposedMcpName } from "../gateway/mcp-tools";
import { sourceSlug, type ToolFilter } from "./config";
import { isWebSocketUrl } from "./remote-protocol";
import { GroupNodeParams, MCP_GROUP_TYPE, ServerNodeParams } from "./server-specs";

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

export function toolSourceSummary(node: {
  type: string;
  label: string;
  params: Record<string, unknown>;
}): ToolSourceLine[] {
  if (node.type === MCP_GROUP_TYPE) {
    const parsed = GroupNodeParams.safeParse(node.params);
    const servers = parsed.success ? parsed.data.servers : [];
    return servers.map(({ id, toolFilter, ...source }) => ({
      names: `${sourceSlug(id)}__*`,
      where: describeWhere(source),
      filter: describeFilter(toolFilter),
    }));
  }
  const parsed = ServerNodeParams.safeParse(node.params);
  if (!parsed.success) return [];
  return [
    {
      names: `${sourceSlug(node.label)}__*`,
      where: describeWhere(parsed.data),
      filter: describeFilter(parsed.data.toolFilter),
    },
  ];
}

/** The exposed names that are certain before discovery: those of servers whose filter selects tools by name. */
export function knownToolNames(node: { type: string; label: string; params: Record<string, unknown> }): string[] {
  const servers: { source: string; filter?: ToolFilter }[] = [];
  if (node.type === MCP_GROUP_TYPE) {
    const parsed = GroupNodeParams.safeParse(node.params);
    for (const server of parsed.success ? parsed.data.servers : [])
      servers.push({ source: sourceSlug(server.id), filter: server.toolFilter });
  } else {
    const parsed = ServerNodeParams.safeParse(node.params);
    if (parsed.success) servers.push({ source: sourceSlug(node.label), filter: parsed.data.toolFilter });
  }
  return servers.flatMap(({ source, filter }) =>
    filter?.mode === "selected" ? filter.tools.map((tool) => exposedMcpName(source, tool)) : [],
  );
}
