/**
 * What the gateway exposes for each registry entry: a component keeps its tool name; an MCP
 * source shows each discovered (and filtered) tool as `{source}__{tool}`.
 */
import type { RegisteredTool } from "../registry/registry";

export const MCP_NAME_SEPARATOR = "__";

export type ExposedTool = {
  /** The name the agent sees. */
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  registered: RegisteredTool;
  /** For MCP sources: the tool's own name on its server. */
  mcpToolName?: string;
};

export function exposeTools(registered: RegisteredTool[]): ExposedTool[] {
  return registered.flatMap((tool): ExposedTool[] => {
    if (tool.kind !== "local-mcp" && tool.kind !== "remote-mcp") {
      return [{ name: tool.toolName, description: tool.description, inputSchema: tool.inputSchema, registered: tool }];
    }
    return (tool.tools ?? []).map((mcpTool) => ({
      name: `${tool.toolName}${MCP_NAME_SEPARATOR}${mcpTool.name}`,
      description: mcpTool.description ?? mcpTool.name,
      inputSchema: mcpTool.inputSchema,
      registered: tool,
      mcpToolName: mcpTool.name,
    }));
  });
}
