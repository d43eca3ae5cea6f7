/**
 * A large workflow for the editor's scale test and bench: 1,000 nodes on a grid and 1,500 edges,
 * as an export file. Every node is a valid HTTP Request; edges run left→right and top→bottom, so
 * there is no cycle and no input gets two connections.
 */
import type { WorkflowGraph } from "../../lib/workflow/graph";
import { toWorkflowFile, type WorkflowFile } from "../../lib/workflow/workflow-file";

const COLUMNS = 40;
const GAP = { x: 320, y: 220 };

export function largeWorkflowFile(name: string, nodeCount = 1000, edgeCount = 1500): WorkflowFile {
  const id = (i: number) => `step-${i}`;
  const nodes: WorkflowGraph["nodes"] = Array.from({ length: nodeCount }, (_, i) => ({
    id: id(i),
    type: "core.http.request",
    position: { x: (i % COLUMNS) * GAP.x, y: Math.floor(i / COLUMNS) * GAP.y },
    data: { label: `Step ${i + 1}`, mode: "normal", params: { method: "GET", url: `/api/health?step=${i + 1}` } },
  }));
  const edges: WorkflowGraph["edges"] = [];
  // Each node's URL input from its left neighbour's status…
  for (let i = 0; i < nodeCount && edges.length < edgeCount; i += 1) {
    if (i % COLUMNS === 0) continue;
    edges.push({ id: `url-${i}`, source: id(i - 1), sourceHandle: "status", target: id(i), targetHandle: "url" });
  }
  // …and its Body input from the body of the node above.
  for (let i = COLUMNS; i < nodeCount && edges.length < edgeCount; i += 1) {
    edges.push({ id: `body-${i}`, source: id(i - COLUMNS), sourceHandle: "body", target: id(i), targetHandle: "body" });
  }
  return toWorkflowFile(name, { nodes, edges });
}
