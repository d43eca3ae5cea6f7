/**
 * Where a tool-mode node's tool name is written down: the allow-lists, aliases and prompts of the
 * agents (and LLM nodes) it is wired into. Renaming the tool leaves those behind, so the inspector
 * warns, naming each node and what uses the name.
 */
type NodeLike = { id: string; data: { label: string; params: Record<string, unknown> } };
type EdgeLike = { source: string; target: string; sourceHandle?: string | null; targetHandle?: string | null };

export type ToolNameUse = { label: string; where: string[] };

const mentions = (text: unknown, name: string) =>
  typeof text === "string" && new RegExp(`(^|[^A-Za-z0-9_-])${name}([^A-Za-z0-9_-]|$)`).test(text);

function usesIn(params: Record<string, unknown>, name: string): string[] {
  const where: string[] = [];
  const allowed = params.allowedTools;
  if (Array.isArray(allowed) ? allowed.includes(name) : mentions(allowed, name)) where.push("allowed tools");
  const aliases = params.aliases;
  if (aliases && typeof aliases === "object" && Object.values(aliases).includes(name)) where.push("aliases");
  if (["prompt", "systemPrompt"].some((field) => mentions(params[field], name))) where.push("prompt");
  return where;
}

export function toolNameUses(toolNodeId: string, name: string, nodes: NodeLike[], edges: EdgeLike[]): ToolNameUse[] {
  if (!name) return [];
  const callers = new Set(
    edges
      .filter((e) => e.source === toolNodeId && e.sourceHandle === "tool" && e.targetHandle === "tools")
      .map((e) => e.target),
  );
  return nodes
    .filter((node) => callers.has(node.id))
    .map((node) => ({ label: node.data.label, where: usesIn(node.data.params, name) }))
    .filter((use) => use.where.length > 0);
}
