/**
 * What every editor edit carries (an undo step, a new revision, stale run errors gone), and the React Flow bookkeeping
 * around it.
 */
import type { EdgeChange, NodeChange } from "@xyflow/react";
import type { Problem } from "@/lib/workflow/compile";
import { recordEdit, type EditHistory, type Snapshot } from "./edit-history";
import type { EditorState } from "./editor-store";
import type { FlowEdge, FlowNode } from "./graph-conversion";

/**
 * State changes every edit carries: an undo step (joined to the last one when `key` names the
 * same gesture), a new revision, and stale run errors gone.
 */
export const edited = (state: EditorState, key: string | null = null) => ({
  revision: state.revision + 1,
  history: recordEdit(state.history, snapshotOf(state), key),
  ...(state.runErrors ? { runErrors: null, nodeProblems: problemsByNode(state.compileErrors) } : {}),
});

/** Puts a snapshot back (undo/redo): an edit as far as saving is concerned. */
export const restore = (state: EditorState, snapshot: Snapshot, history: EditHistory) => ({
  ...keepSelection(snapshot, state),
  history,
  revision: state.revision + 1,
  ...(state.runErrors ? { runErrors: null, nodeProblems: problemsByNode(state.compileErrors) } : {}),
});

/** Adds pasted or new elements, selected in place of what was. */
export const addElements = (state: EditorState, added: { nodes: FlowNode[]; edges: FlowEdge[] }) =>
  added.nodes.length === 0
    ? {}
    : {
        nodes: [...state.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), ...added.nodes],
        edges: [...state.edges.map((e) => (e.selected ? { ...e, selected: false } : e)), ...added.edges],
        ...edited(state),
      };

export function problemsByNode(problems: Problem[]): Record<string, string[]> {
  const byNode: Record<string, string[]> = {};
  for (const problem of problems) if (problem.nodeId) (byNode[problem.nodeId] ??= []).push(problem.message);
  return byNode;
}

/**
 * A snapshot with today's selection for the elements that exist now: undo brings back content,
 * not what was selected back then. Elements it brings back keep the selection they had.
 */
function keepSelection(snapshot: Snapshot, state: EditorState): Snapshot {
  const now = new Map<string, boolean>(
    [...state.nodes, ...state.edges].map((element) => [element.id, Boolean(element.selected)]),
  );
  const withSelection = <T extends { id: string; selected?: boolean }>(element: T) => {
    const selected = now.get(element.id);
    return selected === undefined || selected === Boolean(element.selected) ? element : { ...element, selected };
  };
  return { ...snapshot, nodes: snapshot.nodes.map(withSelection), edges: snapshot.edges.map(withSelection) };
}

/** A node measured on screen no longer needs the handle estimates it opened with (approximate-handles.ts). */
export function dropEstimatesOnceMeasured(changes: NodeChange<FlowNode>[], nodes: FlowNode[]): FlowNode[] {
  const measured = new Set(changes.flatMap((change) => (change.type === "dimensions" ? [change.id] : [])));
  if (measured.size === 0 || !nodes.some((node) => node.handles && measured.has(node.id))) return nodes;
  return nodes.map((node) => {
    if (!node.handles || !measured.has(node.id)) return node;
    const { handles: _estimated, ...rest } = node;
    return rest;
  });
}

export function snapshotOf(state: EditorState): Snapshot {
  return { nodes: state.nodes, edges: state.edges, name: state.name, annotations: state.annotations };
}

/**
 * Which gesture a React Flow change belongs to: every step of one drag is one undo step, and so is
 * a deletion (React Flow removes the nodes and their edges in two calls within one task).
 */
export function gestureKey(changes: (NodeChange<FlowNode> | EdgeChange<FlowEdge>)[]): string | null {
  if (changes.some((change) => change.type === "position" && change.dragging !== undefined)) return "drag";
  if (changes.some((change) => change.type === "remove")) return removalKey();
  return null;
}

/** Removals within one task share a key; the next task starts a new batch. */
let removalBatch = 0;
let removalBatchOpen = false;
function removalKey(): string {
  if (!removalBatchOpen) {
    removalBatchOpen = true;
    setTimeout(() => {
      removalBatchOpen = false;
      removalBatch += 1;
    }, 0);
  }
  return `remove:${removalBatch}`;
}
