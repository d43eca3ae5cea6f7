/**
 * Sticky notes and groups as React Flow nodes, kept apart from the workflow's nodes (the store's
 * `annotations`) so nothing that reads nodes as components sees them: conversion to and from the
 * saved graph, new ones, and how canvas changes to them are applied — a group dragged by its title
 * moves the nodes inside it, and every resize, move or deletion is one undo step.
 */
import { applyNodeChanges, type Node, type NodeChange } from "@xyflow/react";
import type { StoreApi } from "zustand/vanilla";
import type { AnnotationColor, NodeGroup, StickyNote } from "@/lib/workflow/canvas-annotations";
import type { WorkflowGraph } from "@/lib/workflow/graph";
import { edited } from "../edit-bookkeeping";
import { endGesture } from "../edit-history";
import type { EditorState } from "../editor-store";
import type { FlowNode } from "../graph-conversion";
import { randomSuffix } from "../new-node";

export type StickyNoteData = { kind: "note"; text: string; color: AnnotationColor };
export type NodeGroupData = { kind: "group"; label: string; color: AnnotationColor };
export type AnnotationNode = Node<StickyNoteData, "stickyNote"> | Node<NodeGroupData, "nodeGroup">;

const NOTE_SIZE = { width: 260, height: 160 };
const GROUP_PADDING = 40;
const GROUP_TITLE = 36;

const frameOf = (node: AnnotationNode) => ({
  id: node.id,
  position: { x: node.position.x, y: node.position.y },
  width: Math.round(node.width ?? node.measured?.width ?? NOTE_SIZE.width),
  height: Math.round(node.height ?? node.measured?.height ?? NOTE_SIZE.height),
  color: node.data.color,
});

export function toAnnotationNodes(graph: Pick<WorkflowGraph, "notes" | "groups">): AnnotationNode[] {
  // Groups first: React Flow draws them under the notes, and the nodes above both.
  const groups: AnnotationNode[] = (graph.groups ?? []).map(({ id, position, width, height, label, color }) =>
    groupNode(id, position, { width, height }, { kind: "group", label, color }),
  );
  const notes: AnnotationNode[] = (graph.notes ?? []).map(({ id, position, width, height, text, color }) => ({
    id,
    type: "stickyNote",
    position,
    width,
    height,
    data: { kind: "note", text, color },
  }));
  return [...groups, ...notes];
}

export function toGraphAnnotations(annotations: AnnotationNode[]): Pick<WorkflowGraph, "notes" | "groups"> {
  const notes: StickyNote[] = [];
  const groups: NodeGroup[] = [];
  for (const node of annotations) {
    if (node.data.kind === "note") notes.push({ ...frameOf(node), text: node.data.text });
    else groups.push({ ...frameOf(node), label: node.data.label });
  }
  return { ...(notes.length ? { notes } : {}), ...(groups.length ? { groups } : {}) };
}

function groupNode(
  id: string,
  position: { x: number; y: number },
  size: { width: number; height: number },
  data: NodeGroupData,
): AnnotationNode {
  // Dragged by its title only, drawn under everything: the canvas inside it stays clickable.
  return { id, type: "nodeGroup", position, ...size, data, dragHandle: ".node-group-title", zIndex: -1 };
}

/** A new sticky note at `at` (flow coordinates), selected. */
export function newStickyNote(at: { x: number; y: number }): AnnotationNode {
  return {
    id: `note:${randomSuffix()}`,
    type: "stickyNote",
    position: at,
    ...NOTE_SIZE,
    selected: true,
    data: {
      kind: "note",
      text: "## Note\nDouble-click to edit. **Bold**, *italic*, `code` and - lists work.",
      color: "yellow",
    },
  };
}

/** A new group around the selected nodes, or an empty frame at `at` when none is selected. */
export function newNodeGroup(selected: FlowNode[], at: { x: number; y: number }): AnnotationNode {
  const id = `group:${randomSuffix()}`;
  const data: NodeGroupData = { kind: "group", label: "Group", color: "blue" };
  if (selected.length === 0) return { ...groupNode(id, at, { width: 480, height: 300 }, data), selected: true };
  const boxes = selected.map(boxOf);
  const left = Math.min(...boxes.map((b) => b.x)) - GROUP_PADDING;
  const top = Math.min(...boxes.map((b) => b.y)) - GROUP_PADDING - GROUP_TITLE;
  const right = Math.max(...boxes.map((b) => b.x + b.width)) + GROUP_PADDING;
  const bottom = Math.max(...boxes.map((b) => b.y + b.height)) + GROUP_PADDING;
  return groupNode(id, { x: left, y: top }, { width: right - left, height: bottom - top }, data);
}

export function boxOf(node: Pick<Node, "position" | "width" | "height" | "measured">) {
  return {
    x: node.position.x,
    y: node.position.y,
    width: node.measured?.width ?? node.width ?? 240,
    height: node.measured?.height ?? node.height ?? 120,
  };
}

/** The workflow nodes whose centre lies inside the group's frame. */
export function nodesInside(group: AnnotationNode, nodes: FlowNode[]): FlowNode[] {
  const frame = boxOf(group);
  return nodes.filter((node) => {
    const box = boxOf(node);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    return cx >= frame.x && cx <= frame.x + frame.width && cy >= frame.y && cy <= frame.y + frame.height;
  });
}

const isAnEdit = (change: NodeChange<AnnotationNode>) =>
  change.type === "remove" ||
  change.type === "add" ||
  change.type === "replace" ||
  change.type === "position" ||
  (change.type === "dimensions" && change.resizing !== undefined);

/** Applies React Flow's changes to notes and groups; a group that moves takes the nodes inside it along. */
export function applyAnnotationChanges(store: StoreApi<EditorState>, changes: NodeChange<AnnotationNode>[]): void {
  const edit = changes.some(isAnEdit);
  const key = changes.some((c) => c.type === "position" || c.type === "dimensions") ? "annotation-drag" : null;
  store.setState((state) => {
    const annotations = applyNodeChanges(changes, state.annotations);
    const nodes = carriedNodes(changes, state, annotations);
    return { annotations, ...(nodes ? { nodes } : {}), ...(edit ? edited(state, key) : {}) };
  });
  const ended = changes.some(
    (c) => (c.type === "position" && c.dragging === false) || (c.type === "dimensions" && c.resizing === false),
  );
  if (ended) store.setState((state) => ({ history: endGesture(state.history) }));
}

/** The workflow nodes after the groups that moved carried the nodes inside them, or null when none moved. */
function carriedNodes(
  changes: NodeChange<AnnotationNode>[],
  state: EditorState,
  after: AnnotationNode[],
): FlowNode[] | null {
  const shift = new Map<string, { x: number; y: number }>();
  for (const change of changes) {
    if (change.type !== "position" || !change.position) continue;
    const before = state.annotations.find((a) => a.id === change.id);
    const now = after.find((a) => a.id === change.id);
    if (!before || !now || before.data.kind !== "group") continue;
    const by = { x: now.position.x - before.position.x, y: now.position.y - before.position.y };
    if (by.x === 0 && by.y === 0) continue;
    // Nodes dragged themselves (selected with the group) already moved.
    for (const node of nodesInside(before, state.nodes))
      if (!node.selected && !shift.has(node.id)) shift.set(node.id, by);
  }
  if (shift.size === 0) return null;
  return state.nodes.map((node) => {
    const by = shift.get(node.id);
    return by ? { ...node, position: { x: node.position.x + by.x, y: node.position.y + by.y } } : node;
  });
}

/** Changes one note's or group's text, label or colour (an undo step per field being edited). */
export function updateAnnotation(
  store: StoreApi<EditorState>,
  id: string,
  patch: Partial<Pick<StickyNoteData, "text" | "color">> | Partial<Pick<NodeGroupData, "label" | "color">>,
): void {
  store.setState((state) => ({
    annotations: state.annotations.map((a) =>
      a.id === id ? ({ ...a, data: { ...a.data, ...patch } } as AnnotationNode) : a,
    ),
    ...edited(state, `annotation:${id}:${Object.keys(patch).join(",")}`),
  }));
}

/** Adds a note or group, selected in place of what was. */
export function addAnnotation(store: StoreApi<EditorState>, annotation: AnnotationNode): void {
  store.setState((state) => ({
    annotations: [...state.annotations.map((a) => (a.selected ? { ...a, selected: false } : a)), annotation].sort(
      (a, b) => Number(b.type === "nodeGroup") - Number(a.type === "nodeGroup"),
    ),
    nodes: state.nodes.map((n) => (n.selected && annotation.selected ? { ...n, selected: false } : n)),
    ...edited(state),
  }));
}
