"use client";
/**
 * Getting palette components onto the canvas: HTML5 drag from the palette, dropped where the
 * mouse is, or a click that adds at the centre of the view. Both read React Flow's viewport from its store when they
 * act, rather than through useReactFlow, which re-renders its caller once the viewport is set up: on every open that
 * re-rendered the whole palette, and the canvas.
 */
import { useStoreApi, type ReactFlowState } from "@xyflow/react";
import { pointToRendererPoint } from "@xyflow/system";
import { useCallback, type DragEvent } from "react";
import { useEditorStoreApi } from "@/components/editor/editor-store-context";
import type { NodePreset } from "@/components/editor/editor-store";

const DRAG_TYPE = "application/x-switchboard-component";
/** Roughly half a node's width and its header's height, so the header lands under the cursor. */
const GRAB_OFFSET = { x: 120, y: 22 };

/** The palette's side: a drag that carries a component type, and adding one at the centre of the view. */
export function usePaletteAdd() {
  const editor = useEditorStoreApi();
  const flow = useStoreApi();

  const onDragStart = useCallback((event: DragEvent, componentType: string) => {
    event.dataTransfer.setData(DRAG_TYPE, componentType);
    event.dataTransfer.effectAllowed = "move";
  }, []);

  const addAtCentre = useCallback(
    (componentType: string, preset?: NodePreset) => {
      const { width, height, transform } = flow.getState();
      const [x, y, zoom] = transform;
      const centre = { x: (width / 2 - x) / zoom, y: (height / 2 - y) / zoom };
      return editor
        .getState()
        .addNode(componentType, { x: centre.x - GRAB_OFFSET.x, y: centre.y - GRAB_OFFSET.y }, preset);
    },
    [editor, flow],
  );

  return { onDragStart, addAtCentre };
}

/** The canvas's side: accepting a palette drag and adding its component where it is dropped. */
export function useCanvasDrop() {
  const editor = useEditorStoreApi();
  const flow = useStoreApi();

  const onDragOver = useCallback((event: DragEvent) => {
    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
  }, []);

  const onDrop = useCallback(
    (event: DragEvent) => {
      const componentType = event.dataTransfer.getData(DRAG_TYPE);
      if (!componentType) return;
      event.preventDefault();
      const point = flowPointAt(flow.getState(), event.clientX, event.clientY);
      editor.getState().addNode(componentType, { x: point.x - GRAB_OFFSET.x, y: point.y - GRAB_OFFSET.y });
    },
    [editor, flow],
  );

  return { onDragOver, onDrop };
}

/** Where a point on the screen is on the canvas, as React Flow's screenToFlowPosition computes it (grid included). */
function flowPointAt({ domNode, transform, snapToGrid, snapGrid }: ReactFlowState, clientX: number, clientY: number) {
  const origin = domNode?.getBoundingClientRect() ?? { x: 0, y: 0 };
  return pointToRendererPoint({ x: clientX - origin.x, y: clientY - origin.y }, transform, snapToGrid, snapGrid);
}
