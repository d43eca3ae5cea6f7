"use client";
/**
 * The inspector's MCP section for MCP Server and MCP Group nodes: Discover tools (connects to each
 * server; Cancel gives up and stops what it started), the tools with their descriptions, the all / selected / all
 * except choice saved on the node, connection errors as the server gave them, Connect for servers
 * that sign in with OAuth, and the workflow's own MCP servers.
 */
import "./mcp.css";
import { RefreshCw, Plug, X } from "lucide-react";
import { useState } from "react";
import { useDiscoverTools } from "@/hooks/use-discover-tools";
import { useMcpOAuthStatus } from "@/hooks/use-mcp-oauth-status";
import type { NodeDiscovery } from "@/lib/mcp/discover-node";
import { isMcpNodeType, MCP_GROUP_TYPE, readToolFilter, type ToolFilter } from "@/lib/mcp/mcp-names";
import { Button } from "@/components/ui/button";
import { useEditorStore } from "../editor-store-context";
import { OAuthConnection } from "./oauth-connection";
import { ToolFilterPicker } from "./tool-filter-picker";
import { WorkflowMcpServersSettings } from "./workflow-mcp-servers";

type GroupServerParams = { id?: unknown; toolFilter?: unknown };

const filterOf = (value: unknown): ToolFilter => readToolFilter(value ?? {}) ?? { mode: "all", tools: [] };

/**
 * What a discovery depends on: the node and how its servers are reached — not the tool filters, which only pick among
 * the tools found.
 */
function connectionSignature(params: Record<string, unknown>): string {
  const { toolFilter: _filter, servers, ...rest } = params;
  const withoutFilters = Array.isArray(servers)
    ? servers.map((server) => ({ ...(server as GroupServerParams), toolFilter: undefined }))
    : servers;
  return JSON.stringify([rest, withoutFilters]);
}

export function McpSection({ id }: { id: string }) {
  const data = useEditorStore((state) => state.nodes.find((node) => node.id === id)?.data);
  const readOnly = useEditorStore((state) => state.readOnly);
  const getGraph = useEditorStore((state) => state.toGraph);
  // Kept with the settings it was made for: another node, or changed settings, must not show these tools as theirs.
  const [discovered, setDiscovered] = useState<{ nodeId: string; signature: string; result: NodeDiscovery } | null>(
    null,
  );
  const { pending, discover: discoverNow, cancel } = useDiscoverTools();
  const isMcp = Boolean(data && isMcpNodeType(data.componentType));
  const signature = data && isMcp ? `${id}:${connectionSignature(data.params)}` : "";
  // What Discover and Connect are given: the node as it is now, with the workflow's servers it may refer to.
  const readInput = () =>
    data && isMcp
      ? {
          nodeId: id,
          type: data.componentType,
          label: data.label,
          params: data.params,
          mcpServers: getGraph().mcpServers,
        }
      : null;
  const oauth = useMcpOAuthStatus(readInput, signature);
  if (!data || !isMcp) return null;

  const discovery = discovered?.nodeId === id && discovered.signature === signature ? discovered.result : null;
  const outdated = discovered?.nodeId === id && discovered.signature !== signature;
  const discover = async () => {
    const result = await discoverNow(readInput());
    if (result) setDiscovered({ nodeId: id, signature, result });
  };
  return (
    <section className="inspector-section" data-testid="mcp-section">
      <h3 className="inspector-section-title">MCP tools</h3>
      <Button size="sm" onClick={discover} disabled={pending || readOnly} data-testid="discover-tools">
        {pending ? <RefreshCw size={14} className="spin" aria-hidden /> : <Plug size={14} aria-hidden />}{" "}
        {pending ? "Connecting…" : "Discover tools"}
      </Button>
      {pending && (
        <Button size="sm" variant="ghost" onClick={cancel} data-testid="discover-cancel" title="Stop connecting">
          <X size={14} aria-hidden /> Cancel
        </Button>
      )}
      <DiscoveryNotes outdated={outdated} discovery={discovery} />
      <ServerTools
        id={id}
        params={data.params}
        isGroup={data.componentType === MCP_GROUP_TYPE}
        found={discovery?.ok ? discovery.servers : []}
        oauth={oauth}
        readInput={readInput}
      />
      <WorkflowMcpServersSettings />
    </section>
  );
}

/** Settings changed since the last Discover, or why it failed as a whole. */
function DiscoveryNotes({ outdated, discovery }: { outdated: boolean; discovery: NodeDiscovery | null }) {
  return (
    <>
      {outdated && (
        <p className="field-help" data-testid="discover-outdated">
          The settings changed since the last Discover: discover again to list this server&apos;s tools.
        </p>
      )}
      {discovery && !discovery.ok && (
        <p className="field-error" data-testid="discover-error">
          {discovery.error}
        </p>
      )}
    </>
  );
}

type ServerToolsProps = {
  id: string;
  params: Record<string, unknown>;
  isGroup: boolean;
  found: Extract<NodeDiscovery, { ok: true }>["servers"];
  oauth: ReturnType<typeof useMcpOAuthStatus>;
  readInput: () => unknown;
};

/** Per server (one, or each of a group's): its sign-in, what Discover found or why it failed, and the tool filter. */
function ServerTools({ id, params, isGroup, found, oauth, readInput }: ServerToolsProps) {
  const setParam = useEditorStore((state) => state.setParam);
  const readOnly = useEditorStore((state) => state.readOnly);
  const groupServers = (Array.isArray(params.servers) ? params.servers : []) as GroupServerParams[];
  const keys = isGroup ? groupServers.map((server) => String(server.id ?? "")) : [id];
  const filterFor = (key: string) =>
    filterOf(isGroup ? groupServers.find((s) => s.id === key)?.toolFilter : params.toolFilter);
  const setFilter = (key: string, filter: ToolFilter) =>
    isGroup
      ? setParam(
          id,
          "servers",
          groupServers.map((server) => (server.id === key ? { ...server, toolFilter: filter } : server)),
        )
      : setParam(id, "toolFilter", filter);
  return keys.map((key) => {
    const result = found.find((server) => server.key === key);
    const signIn = oauth.servers.find((server) => server.key === key);
    return (
      <div key={key} className="mcp-server-tools" data-testid={`mcp-server-${key}`}>
        {isGroup && <h4 className="mcp-server-title">{key}</h4>}
        {signIn && (
          <OAuthConnection server={signIn} readInput={readInput} readOnly={readOnly} refresh={oauth.refresh} />
        )}
        {result && !result.ok && (
          <p className="field-error" data-testid="discover-error">
            {result.error}
          </p>
        )}
        <ToolFilterPicker
          tools={result?.ok ? result.tools : undefined}
          filter={filterFor(key)}
          onChange={(filter) => setFilter(key, filter)}
        />
      </div>
    );
  });
}
