"use client";
/** A sticky note on the canvas: markdown-ish text, edited on double-click, in a colour (a fixed size for now). */
import "./annotations.css";
import type { NodeProps } from "@xyflow/react";
import { memo, useState } from "react";
import { cx } from "@/components/ui/class-names";
import { useEditorStore, useEditorStoreApi } from "../editor-store-context";
import type { AnnotationNode, StickyNoteData } from "./annotation-nodes";
import { updateAnnotation } from "./annotation-nodes";
import { ColorSwatches } from "./color-swatches";
import { MarkdownLite } from "./markdown-lite";

type NoteProps = NodeProps<Extract<AnnotationNode, { type: "stickyNote" }>>;

function StickyNoteView({ id, data, selected }: NoteProps) {
  const store = useEditorStoreApi();
  const readOnly = useEditorStore((state) => state.readOnly);
  const [editing, setEditing] = useState(false);
  const update = (patch: Partial<StickyNoteData>) => updateAnnotation(store, id, patch);
  return (
    <div
      className={cx("sticky-note", `is-${data.color}`, selected && "is-selected")}
      data-testid="sticky-note"
      onDoubleClick={() => !readOnly && setEditing(true)}
    >
      {selected && !readOnly && !editing && <ColorSwatches value={data.color} onPick={(color) => update({ color })} />}
      {editing ? (
        <textarea
          className="sticky-note-editor nodrag nowheel"
          data-testid="sticky-note-editor"
          aria-label="Note text"
          autoFocus
          value={data.text}
          onChange={(e) => update({ text: e.target.value })}
          onBlur={() => setEditing(false)}
          onKeyDown={(e) => e.key === "Escape" && setEditing(false)}
        />
      ) : (
        <div className="sticky-note-text nowheel" data-testid="sticky-note-text">
          {data.text.trim() ? (
            <MarkdownLite text={data.text} />
          ) : (
            <p className="sticky-note-empty">Double-click to write</p>
          )}
        </div>
      )}
    </div>
  );
}

export const StickyNoteNode = memo(StickyNoteView);
