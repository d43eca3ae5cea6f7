"use client";
/** A group: a labelled, coloured frame behind nodes; dragging its title moves the nodes inside it. */
import "./annotations.css";
import type { NodeProps } from "@xyflow/react";
import { GripVertical } from "lucide-react";
import { memo } from "react";
import { cx } from "@/components/ui/class-names";
import { useEditorStore, useEditorStoreApi } from "../editor-store-context";
import { updateAnnotation, type AnnotationNode } from "./annotation-nodes";
import { ColorSwatches } from "./color-swatches";

type GroupProps = NodeProps<Extract<AnnotationNode, { type: "nodeGroup" }>>;

function NodeGroupView({ id, data, selected }: GroupProps) {
  const store = useEditorStoreApi();
  const readOnly = useEditorStore((state) => state.readOnly);
  return (
    <div className={cx("node-group", `is-${data.color}`, selected && "is-selected")} data-testid="node-group">
      <div className="node-group-title" data-testid="node-group-title" title="Drag to move the group and its nodes">
        <GripVertical size={14} aria-hidden className="node-group-grip" data-testid="node-group-grip" />
        <input
          className="node-group-label nodrag"
          data-testid="node-group-label"
          aria-label="Group name"
          value={data.label}
          readOnly={readOnly}
          size={Math.max(6, data.label.length + 1)}
          onChange={(e) => updateAnnotation(store, id, { label: e.target.value })}
        />
        {selected && !readOnly && (
          <ColorSwatches value={data.color} onPick={(color) => updateAnnotation(store, id, { color })} />
        )}
      </div>
    </div>
  );
}

export const NodeGroupNode = memo(NodeGroupView);
