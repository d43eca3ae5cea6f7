/**
 * Undo/redo for the editor: snapshots of what a save would store (nodes, edges, name), taken
 * before each edit. Edits of one gesture (a drag, typing into one field) share a key and make
 * one undo step.
 */
import type { AnnotationNode } from "./annotations/annotation-nodes";
import type { FlowEdge, FlowNode } from "./graph-conversion";

export type Snapshot = { nodes: FlowNode[]; edges: FlowEdge[]; name: string; annotations?: AnnotationNode[] };

export type EditHistory = {
  past: Snapshot[];
  future: Snapshot[];
  /** The gesture the newest undo step belongs to; another edit with this key joins that step. */
  lastKey: string | null;
};

const LIMIT = 100;

export const emptyHistory = (): EditHistory => ({ past: [], future: [], lastKey: null });

/** The history after an edit that started from `before`. */
export function recordEdit(history: EditHistory, before: Snapshot, key: string | null): EditHistory {
  if (key !== null && key === history.lastKey) return { ...history, future: [] };
  return { past: [...history.past, before].slice(-LIMIT), future: [], lastKey: key };
}

/** Ends the current gesture, so the next edit starts a new undo step. */
export function endGesture(history: EditHistory): EditHistory {
  return history.lastKey === null ? history : { ...history, lastKey: null };
}

export function undoEdit(history: EditHistory, current: Snapshot): { history: EditHistory; snapshot: Snapshot } | null {
  const snapshot = history.past.at(-1);
  if (!snapshot) return null;
  return {
    snapshot,
    history: { past: history.past.slice(0, -1), future: [...history.future, current], lastKey: null },
  };
}

export function redoEdit(history: EditHistory, current: Snapshot): { history: EditHistory; snapshot: Snapshot } | null {
  const snapshot = history.future.at(-1);
  if (!snapshot) return null;
  return {
    snapshot,
    history: { past: [...history.past, current], future: history.future.slice(0, -1), lastKey: null },
  };
}
