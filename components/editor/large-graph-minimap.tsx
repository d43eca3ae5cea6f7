"use client";
/**
 * The minimap of a large graph. React Flow's MiniMap mounts one subscribed component per node, so with thousands of
 * nodes every store change (each frame of a drag) runs thousands of selectors. This one draws all nodes as one path
 * per colour from a single subscription, a frame behind while React is busy, and pans and zooms the view the same way
 * (drag to pan, wheel to zoom). A node's rectangle is kept per node object, so a drag or a selection (which replace one
 * or two nodes) redraws from cached pieces instead of formatting a thousand rectangles again.
 */
import { Panel, useReactFlow, useStore, type ReactFlowState } from "@xyflow/react";
import { useDeferredValue, useMemo, useRef, type PointerEvent, type WheelEvent } from "react";
import { shallow } from "zustand/shallow";

type Box = { x: number; y: number; width: number; height: number };
type MiniNode = ReactFlowState["nodes"][number];

type LargeGraphMiniMapProps = {
  size: { width: number; height: number };
  nodeColor: (node: MiniNode) => string;
  maskColor: string;
  minZoom: number;
};

const OFFSET = 5;
const selectNodes = (state: ReactFlowState) => state.nodes;
const selectTransform = (state: ReactFlowState) => state.transform;
const selectPane = (state: ReactFlowState) => ({ width: state.width, height: state.height });

export function LargeGraphMiniMap({ size, nodeColor, maskColor, minZoom }: LargeGraphMiniMapProps) {
  const nodes = useDeferredValue(useStore(selectNodes));
  const [x, y, zoom] = useStore(selectTransform);
  const pane = useStore(selectPane, shallow);
  const flow = useReactFlow();
  const pieces = useMemo(() => new WeakMap<MiniNode, Piece | null>(), [nodeColor]);
  const { paths, bounds } = useMemo(
    () => drawNodes(nodes, (node) => pieceOf(node, nodeColor, pieces)),
    [nodes, nodeColor, pieces],
  );
  const view = { x: -x / zoom, y: -y / zoom, width: pane.width / zoom, height: pane.height / zoom };
  const box = viewBox(union(bounds ?? view, view), size);
  const scale = box.width / size.width; // flow units per minimap pixel
  const drag = useRef<{ x: number; y: number } | null>(null);

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!drag.current) return;
    const [dx, dy] = [event.clientX - drag.current.x, event.clientY - drag.current.y];
    drag.current = { x: event.clientX, y: event.clientY };
    const now = flow.getViewport();
    void flow.setViewport({ x: now.x - dx * scale * now.zoom, y: now.y - dy * scale * now.zoom, zoom: now.zoom });
  };
  const onWheel = (event: WheelEvent<SVGSVGElement>) => {
    const now = flow.getViewport();
    void flow.zoomTo(Math.max(minZoom, Math.min(2, now.zoom * Math.pow(2, -event.deltaY * 0.002))));
  };

  return (
    <Panel position="bottom-right" className="react-flow__minimap" style={size} data-testid="minimap">
      <svg
        width={size.width}
        height={size.height}
        viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
        className="react-flow__minimap-svg"
        role="img"
        aria-label="Mini map"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onWheel={onWheel}
      >
        {paths.map(([color, d]) => (
          <path key={color} d={d} style={{ fill: color }} shapeRendering="crispEdges" />
        ))}
        <path
          className="react-flow__minimap-mask"
          d={`${rect(box)} ${rect(view)}`}
          fill={maskColor}
          fillRule="evenodd"
        />
      </svg>
    </Panel>
  );
}

/** A node as the minimap draws it: its colour, its rectangle as path data, and its box. Null for a node not drawn. */
type Piece = { color: string; path: string; box: Box };

function pieceOf(node: MiniNode, nodeColor: (node: MiniNode) => string, pieces: WeakMap<MiniNode, Piece | null>) {
  let piece = pieces.get(node);
  if (piece === undefined) {
    const width = node.measured?.width ?? node.width ?? node.initialWidth ?? 0;
    const height = node.measured?.height ?? node.height ?? node.initialHeight ?? 0;
    const box = { ...node.position, width, height };
    piece = node.hidden || width === 0 || height === 0 ? null : { color: nodeColor(node), path: rect(box), box };
    pieces.set(node, piece);
  }
  return piece;
}

/** One path of rectangles per colour, and the box around every node. */
function drawNodes(nodes: MiniNode[], pieceOf: (node: MiniNode) => Piece | null) {
  const byColor = new Map<string, string[]>();
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const node of nodes) {
    const piece = pieceOf(node);
    if (!piece) continue;
    const { x, y, width, height } = piece.box;
    let parts = byColor.get(piece.color);
    if (!parts) byColor.set(piece.color, (parts = []));
    parts.push(piece.path);
    [left, top] = [Math.min(left, x), Math.min(top, y)];
    [right, bottom] = [Math.max(right, x + width), Math.max(bottom, y + height)];
  }
  const bounds = left === Infinity ? null : { x: left, y: top, width: right - left, height: bottom - top };
  return { paths: [...byColor].map(([color, parts]) => [color, parts.join("")] as const), bounds };
}

const rect = ({ x, y, width, height }: Box) =>
  `M${Math.round(x)},${Math.round(y)}h${Math.round(width)}v${Math.round(height)}h${-Math.round(width)}z`;

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/** The area shown: `bounds` centred in the minimap's aspect ratio, with a margin, as React Flow's MiniMap does. */
function viewBox(bounds: Box, size: { width: number; height: number }): Box {
  const scale = Math.max(bounds.width / size.width, bounds.height / size.height);
  const [width, height] = [scale * size.width, scale * size.height];
  const offset = OFFSET * scale;
  return {
    x: bounds.x - (width - bounds.width) / 2 - offset,
    y: bounds.y - (height - bounds.height) / 2 - offset,
    width: width + offset * 2,
    height: height + offset * 2,
  };
}
