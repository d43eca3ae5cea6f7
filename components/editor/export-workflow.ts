/** "Export": downloads the workflow as it stands in the editor as a JSON file that "Import" on the list reads back. */
import type { WorkflowGraph } from "@/lib/workflow/graph";
import { toWorkflowFile, workflowFileName } from "@/lib/workflow/workflow-file";

export function downloadWorkflowFile(name: string, graph: WorkflowGraph): void {
  const blob = new Blob([JSON.stringify(toWorkflowFile(name, graph), null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = workflowFileName(name);
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
