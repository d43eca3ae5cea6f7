/**
 * How exposed tools are named and shaped: a component or workflow keeps its tool name; an MCP
 * source shows each discovered (and filtered) tool as `{source}__{tool}` (lib/tools/tool-kinds.ts
 * decides which, per kind).
 */
import type { RegisteredTool } from "../registry/registry";

export const MCP_NAME_SEPARATOR = "__";
const MAX_TOOL_NAME = 64;

/** Model APIs accept tool names of [A-Za-z0-9_-]{1,64}; the server's own name is kept for the call. */
export function exposedMcpName(source: string, tool: string): string {
  return `${source}${MCP_NAME_SEPARATOR}${tool.replace(/[^A-Za-z0-9_-]/g, "_")}`.slice(0, MAX_TOOL_NAME);
}

export type ExposedTool = {
  /** The name the agent sees. */
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** The registry entry's node id (for a group's server, `{groupNodeId}-{serverId}`). */
  nodeId: string;
  registered: RegisteredTool;
  /** For MCP sources: the tool's own name on its server. */
  mcpToolName?: string;
};
