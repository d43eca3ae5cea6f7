/**
 * The MCP nodes' type names, the tool filter and the slug that prefixes a server's tools, free of
 * zod: config.ts and server-specs.ts build their schemas on them, and the server and the browser
 * read them here alike (components/page-bundles.test.ts).
 */
import { isRecord } from "../validation/is-record";

export const MCP_SERVER_TYPE = "mcp.server";
export const MCP_GROUP_TYPE = "mcp.group";
export const isMcpNodeType = (type: string) => type === MCP_SERVER_TYPE || type === MCP_GROUP_TYPE;

export const TOOL_FILTER_MODES = ["all", "selected", "except"] as const;
/** Which of a server's tools an agent sees: all, only some, or all but some. */
export type ToolFilter = { mode: (typeof TOOL_FILTER_MODES)[number]; tools: string[] };

/**
 * A saved tool filter as config.ts's schema reads it (a missing mode is "all", missing tools none; other keys are
 * ignored), or undefined when it is malformed.
 */
export function readToolFilter(value: unknown): ToolFilter | undefined {
  if (!isRecord(value)) return undefined;
  const { mode = "all", tools = [] } = value;
  if (!TOOL_FILTER_MODES.some((known) => known === mode)) return undefined;
  if (!Array.isArray(tools) || !tools.every((tool) => typeof tool === "string")) return undefined;
  return { mode: mode as ToolFilter["mode"], tools: [...tools] };
}

/** A tool name slug: `{source}__{tool}` must stay within the 64 characters models accept. */
export function sourceSlug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 30) || "mcp"
  );
}
