"use server";
/** The editor's "Discover tools": connects to the MCP servers an MCP node describes and lists their tools (editors and up). */
import { actionDenied } from "@/lib/auth/request-access";
import { discoverMcpTools, type NodeDiscovery } from "@/lib/mcp/discover-node";

export async function discoverMcpToolsAction(input: unknown): Promise<NodeDiscovery> {
  const denied = await actionDenied("editor");
  if (denied) return { ok: false, error: denied };
  return discoverMcpTools(input);
}
