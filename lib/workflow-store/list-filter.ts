/** The workflow list's filters, as a pure function: words in the name or a tag, one tag, and a folder (or none). */
export type WorkflowListFilter = { q?: string; tag?: string; folder?: string };

/** `folder`: a folder's id, "none" for workflows in no folder, empty for all. */
export function filterWorkflows<T extends { name: string; tags: string[]; folderId: string | null }>(
  workflows: readonly T[],
  filter: WorkflowListFilter,
): T[] {
  const words = (filter.q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  return workflows.filter((workflow) => {
    const haystack = `${workflow.name} ${workflow.tags.join(" ")}`.toLowerCase();
    if (!words.every((word) => haystack.includes(word))) return false;
    if (filter.tag && !workflow.tags.includes(filter.tag)) return false;
    if (filter.folder === "none") return workflow.folderId === null;
    return !filter.folder || workflow.folderId === filter.folder;
  });
}

/** Every tag of the list, each once, sorted. */
export const tagsOf = (workflows: readonly { tags: string[] }[]) =>
  [...new Set(workflows.flatMap((workflow) => workflow.tags))].sort((a, b) => a.localeCompare(b));
