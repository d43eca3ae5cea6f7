"use client";
/**
 * Opening a workflow fitted and readable: the whole graph when it fits at a zoom where port labels
 * still show (flow-canvas.tsx hides them below 0.5), else that zoom with the graph's start (its
 * left, top) in view, and the minimap for the rest. A template no longer opens at 0.4. Until someone moves the view,
 * it stays fitted as the canvas changes size (the data panel opening under it, a side panel folding).
 */
import {
  getNodesBounds,
  useReactFlow,
  useStore,
  useStoreApi,
  type Node,
  type Rect,
  type Viewport,
} from "@xyflow/react";
import { useCallback, useEffect, useRef } from "react";

/** The smallest zoom a fit goes down to: node titles and port labels stay legible. */
export const READABLE_ZOOM = 0.7;
const PADDING = 48;

/**
 * The viewport showing `bounds` in a pane of `size`: centred when it fits at READABLE_ZOOM or more,
 * else from its top-left.
 */
export function readableViewport(bounds: Rect, size: { width: number; height: number }): Viewport {
  const fitZoom = Math.min(
    (size.width - 2 * PADDING) / Math.max(bounds.width, 1),
    (size.height - 2 * PADDING) / Math.max(bounds.height, 1),
  );
  const zoom = Math.min(1, Math.max(READABLE_ZOOM, fitZoom));
  const along = (start: number, extent: number, room: number) =>
    extent * zoom <= room - 2 * PADDING ? (room - extent * zoom) / 2 - start * zoom : PADDING - start * zoom;
  return { x: along(bounds.x, bounds.width, size.width), y: along(bounds.y, bounds.height, size.height), zoom };
}

/**
 * Where a large graph opens, known before the canvas has a size: the readable zoom with the graph's top-left corner in
 * view, which is where a fit puts a graph larger than the pane (readableViewport). Given to React Flow as its starting
 * viewport, the first render draws the nodes the fit will show; opened at (0, 0) and then fitted, a 1,000-node graph
 * was drawn twice, first at zoom 1 and then at the fit's. A graph that turns out to fit is centred by the fit as
 * before.
 */
export const openingViewport = (nodes: Node[]): Viewport =>
  readableViewport(getNodesBounds(nodes), { width: 0, height: 0 }); // no room yet: the readable zoom, from the corner

/** A function that fits the view readably (after auto-layout, say); it answers the viewport it moved to. */
export function useReadableFit() {
  const flow = useReactFlow();
  const store = useStoreApi();
  return useCallback(
    (options?: { duration?: number }): Viewport | null => {
      const nodes = flow.getNodes();
      if (nodes.length === 0) return null;
      const { width, height, transform } = store.getState();
      const viewport = readableViewport(flow.getNodesBounds(nodes), { width, height });
      if (!sameView(transform, viewport)) void flow.setViewport(viewport, options);
      return viewport;
    },
    [flow, store],
  );
}

/** Whether the view is at `viewport`, to the pixel (where a fit put it: no one has panned or zoomed since). */
const sameView = ([x, y, zoom]: [number, number, number], viewport: Viewport) =>
  Math.abs(x - viewport.x) < 1 && Math.abs(y - viewport.y) < 1 && Math.abs(zoom - viewport.zoom) < 1e-6;

/**
 * Fits the view readably as soon as the canvas has its size and the nodes theirs, and again when the canvas changes
 * size while the view is still where the last fit put it (the data panel opened under a graph fitted to the whole
 * height left its lower nodes under the minimap). Once someone pans or zooms, the view is theirs. Render inside the
 * canvas. `estimated`: the nodes start with estimated sizes (a large graph, approximate-handles.ts), enough to fit by;
 * its nodes off screen are never drawn, so never measured, and waiting for that left a large graph unfitted, its
 * corner at the canvas's edge.
 */
export function ReadableFitOnOpen({ estimated = false }: { estimated?: boolean }) {
  const ready = useStore((flow) => flow.width > 0 && flow.nodeLookup.size > 0 && (estimated || flow.nodesInitialized));
  const size = useStore((flow) => `${flow.width}x${flow.height}`);
  const store = useStoreApi();
  const fit = useReadableFit();
  const fitted = useRef<Viewport | null>(null);
  const mine = useRef(true); // false once the view has moved from where a fit put it
  useEffect(() => {
    if (!ready || !mine.current) return;
    if (fitted.current && !sameView(store.getState().transform, fitted.current)) {
      mine.current = false;
      return;
    }
    fitted.current = fit();
  }, [ready, size, fit, store]);
  return null;
}
