/** What the editor sends to discover an MCP node's tools or connect its OAuth: one schema for both actions. */
import { z } from "zod";
import { isMcpNodeType } from "./mcp-names";

/** What the editor sends to discover a node's tools (untrusted: it comes from a server action). */
export const DiscoverInput = z.object({
  nodeId: z.string().min(1),
  type: z.string().refine(isMcpNodeType, "only MCP Server and MCP Group nodes can discover tools"),
  label: z.string(),
  params: z.record(z.string(), z.unknown()),
  mcpServers: z.unknown().optional(),
});
