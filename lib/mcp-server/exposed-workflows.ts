/**
 * The workflows offered over MCP (workflow settings → "Expose over MCP"), each with its tool name, description and
 * input schema from its Entry — as their published versions say: a draft's settings are not live.
 */
import { sql } from "../db/sql";
import { workflowInputSchema } from "../tools/workflow-tool";
import { WorkflowGraph } from "../workflow/graph";
import { entryFieldsOf } from "../workflow/run-input-schema";
import { referenceName } from "../workflow/template";

export type ExposedWorkflow = {
  workflowId: string;
  name: string;
  toolName: string;
  description: string;
  inputSchema: Record<string, unknown>;
  wrapsInput: boolean;
};

/** A workflow's default tool name: its name written the way templates write labels. */
export const defaultToolName = (name: string) => referenceName(name).slice(0, 64) || "workflow";

export function exposedWorkflow(workflowId: string, name: string, rawGraph: unknown): ExposedWorkflow | null {
  const graph = WorkflowGraph.safeParse(rawGraph);
  const mcp = graph.success ? graph.data.settings?.mcp : undefined;
  if (!graph.success || !mcp?.expose) return null;
  const { schema, wrapsInput } = workflowInputSchema(entryFieldsOf(graph.data.nodes));
  return {
    workflowId,
    name,
    toolName: mcp.toolName || defaultToolName(name),
    description: mcp.description || `Runs the Switchboard workflow "${name}" and answers with its output.`,
    inputSchema: schema,
    wrapsInput,
  };
}

export async function listExposedWorkflows(): Promise<ExposedWorkflow[]> {
  const rows = await sql<{ id: string; name: string; graph: unknown }>`
    SELECT workflow.id, version.name, version.graph FROM "Workflow" workflow
      JOIN "WorkflowVersion" version
        ON version."workflowId" = workflow.id AND version.number = workflow."publishedVersion"
    WHERE version.graph->'settings'->'mcp'->>'expose' = 'true' ORDER BY version.name`;
  return rows.flatMap((row) => exposedWorkflow(row.id, row.name, row.graph) ?? []);
}
