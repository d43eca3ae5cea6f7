/**
 * The default input of the workflow's Entry, read from the editor's nodes or a run's stored graph:
 * what a run started without input was given instead ("" when there is no Entry or no default).
 */
type NodeLike = { type?: string; data: { componentType?: string; params?: Record<string, unknown> } };

export function entryDefaultInput(nodes: readonly NodeLike[]): string {
  const entry = nodes.find((node) => (node.data.componentType ?? node.type) === "core.entry");
  const value = entry?.data.params?.defaultInput;
  return typeof value === "string" ? value : "";
}
