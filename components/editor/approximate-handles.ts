/**
 * Large graphs open fast by rendering only what is on screen, but React Flow renders every node
 * whose handles it has not measured. So a large graph's nodes start with handle positions and a
 * size estimated from the catalogue descriptor (matching canvas.css); a node's real measurements
 * replace them once it is drawn (the store drops `handles` on its first dimensions change). Pure geometry: React
 * Flow's types come from @xyflow/system (its React-free core), so the editor bench's floor can use this in Node.
 */
import { Position, type NodeHandle } from "@xyflow/system";
import type { ComponentMeta } from "@/lib/nodes/types";
import { TOOL_HANDLE, TOOLS_HANDLE } from "@/lib/workflow/constants";
import { nodeOutputPorts } from "@/lib/workflow/node-outputs";
import type { EditorNodeData } from "./graph-conversion";

/** Above this many nodes the canvas renders only visible elements, and nodes start with estimated handles. */
export const LARGE_GRAPH_NODES = 150;

const WIDTH = 240;
const HEADER = 47;
const PORTS_TOP = 4;
const PORT_ROW = 24;
const PORTS_BOTTOM = 6;
const AGENT_EXTRA = 70;
const HANDLE = 10;

export function approximateLayout(
  data: EditorNodeData,
  meta: ComponentMeta | undefined,
): { handles: NodeHandle[]; initialWidth: number; initialHeight: number } {
  const isTool = data.mode === "tool";
  const inputs = meta?.inputs ?? [];
  const outputs = isTool || !meta ? [] : nodeOutputPorts(meta, data.params);
  const rows = Math.max(inputs.length, outputs.length);
  const height = HEADER + PORTS_TOP + rows * PORT_ROW + PORTS_BOTTOM + (meta?.acceptsTools ? AGENT_EXTRA : 0);
  const rowY = (i: number) => HEADER + PORTS_TOP + i * PORT_ROW + PORT_ROW / 2 - HANDLE / 2;
  const handle = (id: string, type: "source" | "target", position: Position, x: number, y: number): NodeHandle => ({
    id,
    type,
    position,
    x,
    y,
    width: HANDLE,
    height: HANDLE,
  });
  const handles = [
    ...inputs.map((port, i) => handle(port.name, "target", Position.Left, -HANDLE / 2, rowY(i))),
    ...outputs.map((port, i) => handle(port.name, "source", Position.Right, WIDTH - HANDLE / 2, rowY(i))),
    ...(isTool ? [handle(TOOL_HANDLE, "source", Position.Top, WIDTH / 2 - HANDLE / 2, -HANDLE / 2)] : []),
    ...(meta?.acceptsTools
      ? [handle(TOOLS_HANDLE, "target", Position.Bottom, WIDTH / 2 - HANDLE / 2, height - HANDLE / 2)]
      : []),
  ];
  return { handles, initialWidth: WIDTH, initialHeight: height };
}
