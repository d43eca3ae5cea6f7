/**
 * Reads a workflow export file back ("Import"): problems are answered as messages naming the path at fault
 * (`graph: node "a": type: …`), never thrown.
 */
import { z } from "zod";
import { parseGraph, type WorkflowGraph } from "./graph";
import { MAX_WORKFLOW_FILE_BYTES, WORKFLOW_FILE_FORMAT, WORKFLOW_FILE_VERSION } from "./workflow-file";
import { issueText } from "../validation/describe-issues";

const WorkflowFileShape = z.object({
  format: z.literal(WORKFLOW_FILE_FORMAT, {
    error: `expected "${WORKFLOW_FILE_FORMAT}" (is this a Switchboard workflow export?)`,
  }),
  version: z.literal(WORKFLOW_FILE_VERSION, {
    error: `expected ${WORKFLOW_FILE_VERSION}; this file comes from a version of Switchboard this one cannot read`,
  }),
  name: z
    .string({ error: "expected the workflow's name as a string" })
    .trim()
    .min(1, "the name is empty")
    .max(200, "keep the name under 200 characters"),
  exportedAt: z.string().optional(),
  graph: z.unknown(),
});

export type WorkflowFileParseResult =
  { ok: true; name: string; graph: WorkflowGraph } | { ok: false; errors: string[] };

/**
 * Reads an export file's text. `knownTypes`, when given, is the catalogue's component ids:
 * a node of another type is refused by name.
 */
export function parseWorkflowFile(text: string, knownTypes?: ReadonlySet<string>): WorkflowFileParseResult {
  if (text.length > MAX_WORKFLOW_FILE_BYTES)
    return { ok: false, errors: [`The file is larger than ${MAX_WORKFLOW_FILE_BYTES / 1_000_000} MB`] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      errors: [`The file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
  const file = WorkflowFileShape.safeParse(json);
  if (!file.success) return { ok: false, errors: file.error.issues.map((issue) => issueText(issue, "file")) };
  const graph = parseGraph(file.data.graph);
  if (!graph.ok) return { ok: false, errors: graph.errors.map((message) => `graph: ${message}`) };

  const errors: string[] = [];
  const ids = new Set<string>();
  for (const node of graph.graph.nodes) {
    if (ids.has(node.id)) errors.push(`graph: node "${node.id}": the id is used twice`);
    ids.add(node.id);
    if (knownTypes && !knownTypes.has(node.type))
      errors.push(`graph: node "${node.id}": type "${node.type}" is not a component this Switchboard has`);
  }
  for (const edge of graph.graph.edges) {
    for (const end of ["source", "target"] as const) {
      if (!ids.has(edge[end]))
        errors.push(`graph: edge "${edge.id}": ${end} "${edge[end]}" is not a node in this file`);
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, name: file.data.name, graph: graph.graph };
}
