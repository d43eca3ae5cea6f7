/**
 * Connects to a server once, lists its tools and disconnects: the editor's "Discover tools" and a normal-mode MCP node.
 */
import type { McpServerConfig } from "./config";
import { connectMcpServer } from "./connect";

export type DiscoveredTool = { name: string; description?: string; inputSchema: Record<string, unknown> };

/** `signal`: Cancel — the connection is given up and a stdio server's processes killed. */
export async function discoverTools(
  config: McpServerConfig,
  startupTimeoutMs = 20_000,
  signal?: AbortSignal,
): Promise<DiscoveredTool[]> {
  const live = await connectMcpServer(config, { startupTimeoutMs, retries: 0, signal });
  try {
    const { tools } = await live.client.listTools(undefined, { timeout: startupTimeoutMs, signal });
    return tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema as Record<string, unknown>,
    }));
  } finally {
    await live.close();
  }
}
