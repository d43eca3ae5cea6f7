"use server";
/**
 * The editor's "Discover tools": connects to the MCP servers an MCP node describes and lists their tools (editors;
 * stdio servers: admins).
 */
import { actionPrincipal } from "@/lib/auth/request-access";
import { discoverMcpTools, type NodeDiscovery } from "@/lib/mcp/discover-node";

export async function discoverMcpToolsAction(input: unknown): Promise<NodeDiscovery> {
  const caller = await actionPrincipal("editor");
  if (!caller.ok) return { ok: false, error: caller.error };
  return discoverMcpTools(input, caller.principal.role);
}
