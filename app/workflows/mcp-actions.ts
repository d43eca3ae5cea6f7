"use server";
/** The editor's "Discover tools": connects to the MCP servers an MCP node describes and lists their tools. */
import { z } from "zod";
import { actionDenied } from "@/lib/auth/request-access";
import { discoverNodeTools, type NodeDiscovery } from "@/lib/mcp/discover-node";
import { isMcpNodeType } from "@/lib/mcp/server-specs";
import { describeIssues } from "@/lib/validation/describe-issues";

const DiscoverInput = z.object({
  nodeId: z.string().min(1),
  type: z.string().refine(isMcpNodeType, "only MCP Server and MCP Group nodes can discover tools"),
  label: z.string(),
  params: z.record(z.string(), z.unknown()),
  mcpServers: z.unknown().optional(),
});

export async function discoverMcpToolsAction(input: unknown): Promise<NodeDiscovery> {
  const denied = await actionDenied("editor");
  if (denied) return { ok: false, error: denied };
  const parsed = DiscoverInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error, "input") };
  const { nodeId, type, label, params, mcpServers } = parsed.data;
  return discoverNodeTools({ id: nodeId, type, label, params }, mcpServers);
}
