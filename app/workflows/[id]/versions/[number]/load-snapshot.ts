/** The graph a version page shows or compares with: a published version by number, or the draft. */
import { formatRelativeTime } from "@/components/ui/format-relative-time";
import type { WorkflowGraph } from "@/lib/workflow/graph";
import { getWorkflow } from "@/lib/workflow-store/repository";
import { getVersion } from "@/lib/workflow-store/versions";

export type SnapshotRef = number | "draft";
export type LoadedSnapshot = { ref: SnapshotRef; name: string; graph: WorkflowGraph; title: string; byline: string };

export async function loadSnapshot(workflowId: string, ref: string): Promise<LoadedSnapshot | null> {
  if (ref === "draft") {
    const draft = await getWorkflow(workflowId);
    if (!draft) return null;
    const byline = `saved ${formatRelativeTime(draft.updatedAt)}`;
    return { ref: "draft", name: draft.name, graph: draft.graph, title: "The draft", byline };
  }
  const number = Number(ref);
  if (!Number.isInteger(number) || number < 1) return null;
  const version = await getVersion(workflowId, number);
  if (!version) return null;
  const byline =
    `published ${version.authorName ? `by ${version.authorName} ` : ""}${formatRelativeTime(version.createdAt)}` +
    (version.note ? ` — ${version.note}` : "");
  return { ref: number, name: version.name, graph: version.graph, title: `Version ${number}`, byline };
}
