/** The workflows offered over MCP (workflow settings → "Expose over MCP"), each with its tool name, description and input schema from its Entry. */
import { sql } from "../db/sql";
import { workflowInputSchema } from "../tools/workflow-tool";
import { WorkflowGraph } from "../workflow/graph";
import { InputFields } from "../workflow/run-input-schema";

export type ExposedWorkflow = { workflowId: string; name: string; toolName: string; description: string; inputSchema: Record<string, unknown>; wrapsInput: boolean };

const toolNameOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 64) || "workflow";

export function exposedWorkflow(workflowId: string, name: string, rawGraph: unknown): ExposedWorkflow | null {
  const graph = WorkflowGraph.safeParse(rawGraph);
  const mcp = graph.success ? graph.data.settings?.mcp : undefined;
  if (!graph.success || !mcp?.expose) return null;
  const entry = graph.data.nodes.find((node) => node.type === "core.entry");
  const { schema, wrapsInput } = workflowInputSchema(InputFields.safeParse(entry?.data.params.inputFields ?? []).data ?? []);
  return { workflowId, name, toolName: mcp.toolName || toolNameOf(name), description: mcp.description || `Runs the Switchboard workflow "${name}" and answers with its output.`, inputSchema: schema, wrapsInput };
}

export async function listExposedWorkflows(): Promise<ExposedWorkflow[]> {
  const rows = await sql<{ id: string; name: string; graph: unknown }>`
    SELECT id, name, graph FROM "Workflow" WHERE graph->'settings'->'mcp'->>'expose' = 'true' ORDER BY name`;
  return rows.flatMap((row) => exposedWorkflow(row.id, row.name, row.graph) ?? []);
}
