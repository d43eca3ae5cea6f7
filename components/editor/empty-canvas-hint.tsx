"use client";
/** What an empty canvas says: how to start, with a one-click Entry node. Gone as soon as there is a node. */
import { MousePointerClick, Play } from "lucide-react";
import { Button } from "@/components/ui/button";
import { usePaletteAdd } from "@/hooks/use-drag-and-drop";
import { useEditorStore } from "./editor-store-context";

const ENTRY = "core.entry";

export function EmptyCanvasHint() {
  const empty = useEditorStore((state) => state.nodes.length === 0 && !state.readOnly);
  const hasEntry = useEditorStore((state) => state.lookup(ENTRY) !== undefined);
  const { addAtCentre } = usePaletteAdd();
  if (!empty) return null;
  return (
    <div className="empty-canvas" data-testid="empty-canvas">
      <span className="empty-canvas-icon">
        <MousePointerClick size={22} aria-hidden />
      </span>
      <h2>Start your workflow</h2>
      <p>
        Drag components from the left onto the canvas, or click one to add it here. Every workflow starts at an Entry.
      </p>
      {hasEntry && (
        <Button variant="primary" onClick={() => addAtCentre(ENTRY)}>
          <Play size={14} aria-hidden /> Add an Entry
        </Button>
      )}
      <p className="empty-canvas-keys">
        Press <kbd>?</kbd> for keyboard shortcuts
      </p>
    </div>
  );
}
