"use client";
/**
 * Getting palette components onto the canvas: HTML5 drag from the palette, dropped where the
 * mouse is (via screenToFlowPosition), or a click that adds at the centre of the view.
 * Two hooks, so the palette's side reads the viewport only when it acts: React Flow's useReactFlow (needed for the
 * drop) re-renders its caller once the viewport is set up, which after every open re-rendered the whole palette.
 */
import { useReactFlow, useStoreApi } from "@xyflow/react";
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
  const { screenToFlowPosition } = useReactFlow();

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
      const point = screenToFlowPosition({ x: event.clientX, y: event.clientY });
      editor.getState().addNode(componentType, { x: point.x - GRAB_OFFSET.x, y: point.y - GRAB_OFFSET.y });
    },
    [editor, screenToFlowPosition],
  );

  return { onDragOver, onDrop };
}
