/**
 * The text a model reads from an MCP tool result (and the audit trail records): text parts as they are, other parts
 * (images, resources) as JSON.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

export function resultText(result: Pick<CallToolResult, "content" | "structuredContent">): string {
  const parts = (result.content ?? []).map((part) => (part.type === "text" ? part.text : JSON.stringify(part)));
  if (parts.length === 0 && result.structuredContent) return JSON.stringify(result.structuredContent);
  return parts.join("\n");
}
