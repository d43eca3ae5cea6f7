/**
 * The workflow export file: what "Export" downloads, made in the browser without the graph's schemas
 * (reading one back is parse-workflow-file.ts, on the server).
 */
import type { WorkflowGraph } from "./graph";

export const WORKFLOW_FILE_FORMAT = "switchboard.workflow";
export const WORKFLOW_FILE_VERSION = 1;
/** Larger files are refused before parsing. */
export const MAX_WORKFLOW_FILE_BYTES = 5_000_000;

export type WorkflowFile = {
  format: typeof WORKFLOW_FILE_FORMAT;
  version: typeof WORKFLOW_FILE_VERSION;
  name: string;
  exportedAt: string;
  graph: WorkflowGraph;
};

export function toWorkflowFile(name: string, graph: WorkflowGraph, now = new Date()): WorkflowFile {
  return { format: WORKFLOW_FILE_FORMAT, version: WORKFLOW_FILE_VERSION, name, exportedAt: now.toISOString(), graph };
}

/** A file name for the export: the workflow's name made safe, e.g. "my-agent.switchboard.json". */
export function workflowFileName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return `${slug || "workflow"}.switchboard.json`;
}
