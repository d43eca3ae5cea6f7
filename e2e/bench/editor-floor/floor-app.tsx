/**
 * The editor bench's floor, run in the browser: React Flow alone with the graph the editor opens — the same nodes with
 * the same estimated sizes and handles, the same edges, only visible elements rendered, a pane the editor canvas's
 * size at the viewport the editor opens a large graph at (readable-fit.ts's openingViewport: its readable zoom, the
 * graph's top-left in view) — and nothing else: no server rendering, no framework, no store, no panels. A click on a
 * node's header selects it, as in the editor. What the editor's open costs beyond this is ours (editor-bench.ts).
 */
import {
  Handle,
  Position,
  ReactFlow,
  useEdgesState,
  useNodesState,
  type Edge,
  type Node,
  type NodeProps,
} from "@xyflow/react";
import { createRoot } from "react-dom/client";
import { openingViewport } from "../../../components/editor/readable-fit";

type FloorData = { label: string; inputs: string[]; outputs: string[] };
type FloorNode = Node<FloorData, "floor">;

function FloorNodeView({ data }: NodeProps<FloorNode>) {
  const rows = Math.max(data.inputs.length, data.outputs.length);
  return (
    <div className="floor-node">
      <div className="node-header">{data.label}</div>
      {Array.from({ length: rows }, (_, i) => (
        <div className="floor-row" key={i}>
          {data.inputs[i] && <Handle type="target" position={Position.Left} id={data.inputs[i]} />}
          <span>{data.inputs[i]}</span>
          <span>{data.outputs[i]}</span>
          {data.outputs[i] && <Handle type="source" position={Position.Right} id={data.outputs[i]} />}
        </div>
      ))}
    </div>
  );
}

const nodeTypes = { floor: FloorNodeView };
const graph = JSON.parse(document.getElementById("graph")!.textContent!) as { nodes: FloorNode[]; edges: Edge[] };

function Floor() {
  const [nodes, , onNodesChange] = useNodesState(graph.nodes);
  const [edges, , onEdgesChange] = useEdgesState(graph.edges);
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onlyRenderVisibleElements
      minZoom={0.2}
      defaultViewport={openingViewport(graph.nodes)}
    />
  );
}

createRoot(document.getElementById("root")!).render(<Floor />);
