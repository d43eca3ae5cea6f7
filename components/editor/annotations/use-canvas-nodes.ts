"use client";
/**
 * The nodes React Flow draws: groups under the workflow's nodes, notes with them. Changes are
 * split back: workflow nodes to the store's onNodesChange, notes and groups to annotation-nodes.ts.
 */
import type { NodeChange } from "@xyflow/react";
import { useCallback, useMemo } from "react";
import { useEditorStore, useEditorStoreApi } from "../editor-store-context";
import type { FlowNode } from "../graph-conversion";
import { applyAnnotationChanges, type AnnotationNode } from "./annotation-nodes";

export type CanvasNode = FlowNode | AnnotationNode;

export const isAnnotation = (node: CanvasNode): node is AnnotationNode =>
  node.type === "stickyNote" || node.type === "nodeGroup";

export function useCanvasNodes(nodes: FlowNode[], onNodesChange: (changes: NodeChange<FlowNode>[]) => void) {
  const store = useEditorStoreApi();
  const annotations = useEditorStore((state) => state.annotations);
  const all = useMemo<CanvasNode[]>(
    () => (annotations.length === 0 ? nodes : [...annotations, ...nodes]),
    [annotations, nodes],
  );
  const onChange = useCallback(
    (changes: NodeChange<CanvasNode>[]) => {
      const ids = new Set(store.getState().annotations.map((a) => a.id));
      if (ids.size === 0) return onNodesChange(changes as NodeChange<FlowNode>[]);
      const ofAnnotation = (change: NodeChange<CanvasNode>) =>
        ids.has(change.type === "add" || change.type === "replace" ? change.item.id : change.id);
      const forAnnotations = changes.filter(ofAnnotation) as NodeChange<AnnotationNode>[];
      const forNodes = changes.filter((change) => !ofAnnotation(change)) as NodeChange<FlowNode>[];
      if (forNodes.length > 0) onNodesChange(forNodes);
      if (forAnnotations.length > 0) applyAnnotationChanges(store, forAnnotations);
    },
    [store, onNodesChange],
  );
  return { nodes: all, onNodesChange: onChange };
}
