"use client";
/**
 * The React Flow canvas bound to the editor store: renderers, connection rules with a reason when
 * a connection is refused, palette drops, and read-only display for the run view.
 */
import "@xyflow/react/dist/style.css";
import "./canvas.css";
import {
  Background,
  BackgroundVariant,
  ControlButton,
  Controls,
  MiniMap,
  ReactFlow,
  useStore,
  type Connection,
  type Edge,
  type FinalConnectionState,
  type Node,
  type OnConnectEnd,
} from "@xyflow/react";
import { Grid3x3 } from "lucide-react";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import { isToolEdge } from "@/lib/workflow/constants";
import { cx } from "@/components/ui/class-names";
import { useCanvasDrop } from "@/hooks/use-drag-and-drop";
import { LARGE_GRAPH_NODES } from "./approximate-handles";
import { refuseConnection } from "./connection-rules";
import { useEditorStore, useEditorStoreApi } from "./editor-store-context";
import { isAnnotation, useCanvasNodes, type CanvasNode } from "./annotations/use-canvas-nodes";
import { LargeGraphMiniMap } from "./large-graph-minimap";
import { openingViewport, ReadableFitOnOpen } from "./readable-fit";
import { nodeTypes } from "./nodes/node-types";

type FlowCanvasProps = {
  children?: ReactNode;
  onNodeSelect?: (nodeId: string | null) => void;
  testId?: string;
  /** Open fitted at a zoom where labels read (readable-fit.ts) rather than fitting everything. */
  readableFit?: boolean;
};

const NO_IDS: string[] = [];
const FIT_VIEW_OPTIONS = { padding: 0.3, maxZoom: 1 };
const DELETE_KEYS = ["Backspace", "Delete"];
const MINIMAP_SIZE = { width: 168, height: 112 };
const MINIMAP_MASK = "rgba(244, 244, 245, 0.7)";
const MIN_ZOOM = 0.2;
const GRID: [number, number] = [20, 20];
/**
 * Below this zoom node text is too small to read: the canvas drops the port labels and keeps titles (a class on the
 * canvas, so no node re-renders).
 */
const ZOOMED_OUT = 0.5;

export function FlowCanvas({ children, onNodeSelect, testId, readableFit }: FlowCanvasProps) {
  const store = useEditorStoreApi();
  const { nodes, readOnly, onNodesChange, onEdgesChange, connect } = useEditorStore((state) => ({
    nodes: state.nodes,
    readOnly: state.readOnly,
    onNodesChange: state.onNodesChange,
    onEdgesChange: state.onEdgesChange,
    connect: state.connect,
  }));
  const snapToGrid = useEditorStore((state) => state.snapToGrid);
  const canvasNodes = useCanvasNodes(nodes, onNodesChange);
  const styledEdges = useStyledEdges();
  const { isValidConnection, onConnectEnd } = useConnectionRules();
  const { onDragOver, onDrop } = useCanvasDrop();
  const zoomedOut = useStore((flow) => flow.transform[2] < ZOOMED_OUT);
  // Fit only a graph that starts with nodes: on an empty one React Flow would fit the first node dropped, jumping the
  // view.
  const [fitOnOpen] = useState(() => store.getState().nodes.length > 0);
  // Only what is on screen is rendered, and the minimap is one path: a 1,000-node graph opens and drags smoothly.
  const [isLarge] = useState(() => store.getState().nodes.length > LARGE_GRAPH_NODES);
  const [opening] = useState(() => (fitOnOpen && readableFit && isLarge ? openingViewport(nodes) : undefined));

  return (
    <div className={cx("flow-canvas", readOnly && "is-read-only", zoomedOut && "is-zoomed-out")} data-testid={testId}>
      <ReactFlow<CanvasNode>
        nodes={canvasNodes.nodes}
        edges={styledEdges}
        nodeTypes={nodeTypes}
        onNodesChange={canvasNodes.onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={connect}
        isValidConnection={isValidConnection}
        onConnectEnd={onConnectEnd}
        onDragOver={readOnly ? undefined : onDragOver}
        onDrop={readOnly ? undefined : onDrop}
        onNodeClick={onNodeSelect && ((_event, node) => onNodeSelect(isAnnotation(node) ? null : node.id))}
        onPaneClick={onNodeSelect && (() => onNodeSelect(null))}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        edgesReconnectable={false}
        deleteKeyCode={readOnly ? null : DELETE_KEYS}
        fitView={fitOnOpen && !readableFit}
        defaultViewport={opening}
        fitViewOptions={FIT_VIEW_OPTIONS}
        minZoom={MIN_ZOOM}
        onlyRenderVisibleElements={isLarge}
        snapToGrid={snapToGrid}
        snapGrid={GRID}
      >
        <Background variant={BackgroundVariant.Dots} gap={20} size={1.2} color="var(--canvas-dot)" />
        <CanvasControls />
        <CanvasMiniMap large={isLarge} />
        {fitOnOpen && readableFit && <ReadableFitOnOpen estimated={isLarge} />}
        {children}
      </ReactFlow>
    </div>
  );
}

/** Tool wires look like tools; a wire the compiler refuses is marked. */
function useStyledEdges(): Edge[] {
  const edges = useEditorStore((state) => state.edges);
  const problemEdgeIds = useEditorStore((state) => {
    const ids = (state.runErrors ?? state.compileErrors).flatMap((p) => (p.edgeId ? [p.edgeId] : []));
    return ids.length > 0 ? ids : NO_IDS;
  });
  return useMemo(
    () =>
      edges.map((edge) => ({
        ...edge,
        className: cx(
          isToolEdge(toWorkflowHandles(edge)) && "edge-tool",
          problemEdgeIds.includes(edge.id) && "edge-problem",
        ),
      })),
    [edges, problemEdgeIds],
  );
}

/** The wiring rules while a wire is drawn, and the reason in a toast when it is dropped where it may not go. */
function useConnectionRules() {
  const store = useEditorStoreApi();
  const showToast = useEditorStore((state) => state.showToast);
  const isValidConnection = useCallback(
    (connection: Edge | Connection) => refuseConnection(connection, store.getState()) === null,
    [store],
  );
  const onConnectEnd: OnConnectEnd = useCallback(
    (_event, state) => {
      if (state.isValid || !state.toHandle || !state.fromHandle) return;
      showToast(explainRefusal(state, (connection) => refuseConnection(connection, store.getState())));
    },
    [store, showToast],
  );
  return { isValidConnection, onConnectEnd };
}

/** React Flow's minimap, or for a large graph one that draws all nodes as a few paths (large-graph-minimap.tsx). */
function CanvasMiniMap({ large }: { large: boolean }) {
  if (large) {
    return (
      <LargeGraphMiniMap size={MINIMAP_SIZE} nodeColor={miniMapColor} maskColor={MINIMAP_MASK} minZoom={MIN_ZOOM} />
    );
  }
  return (
    <MiniMap
      style={MINIMAP_SIZE}
      pannable
      zoomable
      nodeColor={miniMapColor}
      nodeStrokeWidth={0}
      maskColor={MINIMAP_MASK}
    />
  );
}

/** Zoom and fit, and for editors, snap to grid. */
function CanvasControls() {
  const { readOnly, snapToGrid, setSnapToGrid } = useEditorStore((state) => ({
    readOnly: state.readOnly,
    snapToGrid: state.snapToGrid,
    setSnapToGrid: state.setSnapToGrid,
  }));
  return (
    <Controls showInteractive={false}>
      {!readOnly && (
        <ControlButton
          onClick={() => setSnapToGrid(!snapToGrid)}
          className={cx(snapToGrid && "is-on")}
          data-testid="snap-to-grid"
          aria-pressed={snapToGrid}
          aria-label="Snap to grid"
          title={snapToGrid ? "Snap to grid: on" : "Snap to grid: off"}
        >
          <Grid3x3 aria-hidden />
        </ControlButton>
      )}
    </Controls>
  );
}

function toWorkflowHandles(edge: Edge) {
  return { sourceHandle: edge.sourceHandle ?? "", targetHandle: edge.targetHandle ?? "" };
}

function miniMapColor(node: Node): string {
  if (isAnnotation(node as CanvasNode)) return "var(--annotation-minimap)";
  if (node.data.mode === "tool") return "var(--tool)";
  return node.type === "agent" ? "var(--accent)" : "var(--minimap-node)";
}

/** Why a connection dropped on a handle was refused, in words. */
function explainRefusal(state: FinalConnectionState, refuse: (connection: Connection) => string | null): string {
  const from = state.fromHandle!;
  const to = state.toHandle!;
  if (from.type === to.type) return "Connect an output (right side) to an input (left side)";
  const [source, target] = from.type === "source" ? [from, to] : [to, from];
  const reason = refuse({
    source: source.nodeId,
    sourceHandle: source.id ?? null,
    target: target.nodeId,
    targetHandle: target.id ?? null,
  });
  return reason ?? "Those two handles cannot be connected";
}
