"use client";
/**
 * The canvas's own toolbar (top right of the canvas): auto-layout, add a sticky note, group the
 * selected nodes. Each is one undo step. The layout engine (dagre) is fetched on the first Tidy up, not with the page.
 */
import { Panel, useStoreApi } from "@xyflow/react";
import { Group, LayoutDashboard, StickyNote } from "lucide-react";
import { addAnnotation, newNodeGroup, newStickyNote } from "./annotations/annotation-nodes";
import { edited } from "./edit-bookkeeping";
import { useEditorStore, useEditorStoreApi } from "./editor-store-context";
import { useReadableFit } from "./readable-fit";

export function CanvasTools() {
  const store = useEditorStoreApi();
  const flowStore = useStoreApi();
  const fit = useReadableFit();
  const readOnly = useEditorStore((state) => state.readOnly);
  const hasNodes = useEditorStore((state) => state.nodes.length > 0);
  if (readOnly) return null;

  const tidyUp = async () => {
    const { autoLayout } = await import("./auto-layout");
    store.setState((state) => {
      const positions = autoLayout(state.nodes, state.edges);
      const nodes = state.nodes.map((node) => {
        const at = positions.get(node.id);
        return at && (at.x !== node.position.x || at.y !== node.position.y) ? { ...node, position: at } : node;
      });
      return { nodes, ...edited(state) };
    });
    requestAnimationFrame(() => fit({ duration: 300 }));
  };
  /** The middle of the view in flow coordinates, less half a note, so the new one lands centred. */
  const centre = () => {
    const { width, height, transform } = flowStore.getState();
    const [x, y, zoom] = transform;
    return { x: (width / 2 - x) / zoom - 130, y: (height / 2 - y) / zoom - 80 };
  };
  const addGroup = () => {
    const selected = store.getState().nodes.filter((node) => node.selected);
    addAnnotation(store, newNodeGroup(selected, centre()));
  };

  return (
    <Panel position="top-right" className="canvas-tools" data-testid="canvas-tools">
      <button
        type="button"
        data-testid="auto-layout"
        disabled={!hasNodes}
        title="Tidy up: lay the nodes out left to right (undo with Ctrl/⌘ Z)"
        onClick={() => void tidyUp()}
      >
        <LayoutDashboard size={15} aria-hidden /> Tidy up
      </button>
      <button
        type="button"
        data-testid="add-sticky-note"
        title="Add a sticky note"
        onClick={() => addAnnotation(store, newStickyNote(centre()))}
      >
        <StickyNote size={15} aria-hidden /> Note
      </button>
      <button
        type="button"
        data-testid="add-group"
        title="Group the selected nodes (or add an empty group)"
        onClick={addGroup}
      >
        <Group size={15} aria-hidden /> Group
      </button>
    </Panel>
  );
}
