/**
 * The editor's state: React Flow nodes and edges, the workflow name, compile problems, save
 * bookkeeping and run statuses, with the actions that change them (editor-store-slices.ts). One store per canvas.
 */
import type { Connection, EdgeChange, NodeChange } from "@xyflow/react";
import { createStore } from "zustand/vanilla";
import type { ComponentMeta } from "@/lib/nodes/types";
import type { NodeMode, WorkflowGraph } from "@/lib/workflow/graph";
import type { DiffMark } from "@/lib/workflow/graph-diff";
import type { SaveWorkflowInput } from "@/app/workflows/schema";
import type { Problem } from "@/lib/workflow/compile";
import { toAnnotationNodes, type AnnotationNode } from "./annotations/annotation-nodes";
import { emptyHistory, type EditHistory } from "./edit-history";
import { canvasSlice, clipboardSlice, documentSlice, feedbackSlice, historySlice } from "./editor-store-slices";
import {
  catalogueLookup,
  toFlowEdges,
  toFlowNodes,
  type ComponentLookup,
  type EditorNodeData,
  type FlowEdge,
  type FlowNode,
} from "./graph-conversion";

/** `warning`: finished, but a tool call it made or served failed; `cancelled`: cut short by Cancel. */
export type NodeStatus =
  "running" | "waiting" | "completed" | "failed" | "registered" | "skipped" | "warning" | "cancelled";

export type EditorInit = {
  workflowId?: string;
  name?: string;
  graph: WorkflowGraph;
  catalogue: ComponentMeta[];
  readOnly?: boolean;
  statuses?: Record<string, NodeStatus>;
  /** Whether host access is enabled: when not, the live compile marks nodes that touch the host. */
  hostTools?: boolean;
  /** The stored workflow's version (updatedAt, ISO) this editor started from. */
  version?: string;
  /** A comparison of two versions (read-only): what each node and wire (`edge:<id>`) is in the diff. */
  marks?: Record<string, DiffMark>;
};

/** What a new node may start with instead of its component's label, params and mode. */
export type NodePreset = { label?: string; params?: Record<string, unknown>; mode?: NodeMode };

export type EditorState = {
  workflowId?: string;
  name: string;
  catalogue: ComponentMeta[];
  lookup: ComponentLookup;
  readOnly: boolean;
  hostTools?: boolean;
  nodes: FlowNode[];
  edges: FlowEdge[];
  /** Sticky notes and groups (annotations/annotation-nodes.ts): drawn with the nodes, never compiled. */
  annotations: AnnotationNode[];
  mcpServers?: WorkflowGraph["mcpServers"];
  /** Workflow-level settings (run timeout, MCP exposure), saved with the graph. */
  settings?: WorkflowGraph["settings"];
  statuses: Record<string, NodeStatus>;
  /** A comparison's marks (EditorInit.marks); empty when not comparing. */
  marks: Record<string, DiffMark>;
  /** Problems from the live client-side compile. */
  compileErrors: Problem[];
  /** Problems the server answered when Run was refused; cleared by the next edit. */
  runErrors: Problem[] | null;
  /** Messages per node id, from whichever problem list is showing. */
  nodeProblems: Record<string, string[]>;
  /** Bumped by every edit that changes what would be saved. */
  revision: number;
  savedRevision: number;
  saving: boolean;
  saveError: string | null;
  /** The stored version the graph is based on; a save from another version is a conflict. */
  version?: string;
  /** Someone else saved first: autosave stops until the person reloads or overwrites. */
  conflict: boolean;
  /** After a save: the stored version now, or the conflict (their version). */
  settleVersion: (outcome: { version: string } | { conflict: true }) => void;
  toast: { id: number; message: string } | null;
  history: EditHistory;
  snapToGrid: boolean;

  onNodesChange: (changes: NodeChange<FlowNode>[]) => void;
  onEdgesChange: (changes: EdgeChange<FlowEdge>[]) => void;
  connect: (connection: Connection) => void;
  /** `preset`: a label, params and mode to start with instead of the component's (the MCP catalogue fills them). */
  addNode: (componentType: string, position: { x: number; y: number }, preset?: NodePreset) => string | undefined;
  selectNode: (id: string | null) => void;
  updateNodeData: (id: string, patch: Partial<EditorNodeData>) => void;
  setParam: (id: string, name: string, value: unknown) => void;
  setNodeMode: (id: string, mode: NodeMode) => void;
  setName: (name: string) => void;
  /** Changes workflow-level settings (saved with the workflow; not part of undo). */
  setSettings: (change: Partial<NonNullable<WorkflowGraph["settings"]>>) => void;
  setCompileErrors: (errors: Problem[]) => void;
  setRunErrors: (errors: Problem[] | null) => void;
  setStatuses: (statuses: Record<string, NodeStatus>) => void;
  showToast: (message: string) => void;
  dismissToast: () => void;
  /** Marks a save as started and returns the revision it covers. */
  beginSave: () => number;
  finishSave: (revision: number, error?: string) => void;
  toGraph: () => WorkflowGraph;
  /** The name and the graph as the save actions take them (the graph as JSON text). */
  toSaveInput: () => SaveWorkflowInput;
  undo: () => void;
  redo: () => void;
  /** Copies the selection to the shared clipboard; false when nothing is selected. */
  copySelection: () => boolean;
  paste: () => void;
  duplicateSelection: () => void;
  deleteSelection: () => void;
  setSnapToGrid: (on: boolean) => void;
};

export type EditorStore = ReturnType<typeof createEditorStore>;

const SNAP_KEY = "switchboard:snap-to-grid";

export function createEditorStore(init: EditorInit) {
  const lookup = catalogueLookup(init.catalogue);
  return createStore<EditorState>()((set, get) => ({
    ...initialState(init, lookup),
    ...canvasSlice(set, get, lookup),
    ...clipboardSlice(set, get, lookup),
    ...historySlice(set, get),
    ...documentSlice(set, get),
    ...feedbackSlice(set),
    setSnapToGrid: (on) => {
      localStorage.setItem(SNAP_KEY, on ? "1" : "0");
      set({ snapToGrid: on });
    },
  }));
}

/** Wires a comparison marks get a class the canvas colours (`diff-added`, `diff-removed`). */
const markedEdges = (edges: FlowEdge[], marks: EditorInit["marks"]) =>
  marks
    ? edges.map((edge) =>
        marks[`edge:${edge.id}`] ? { ...edge, className: `diff-${marks[`edge:${edge.id}`]}` } : edge,
      )
    : edges;

/** The data an editor opens with: the graph as React Flow elements, nothing edited, saved or wrong yet. */
function initialState(init: EditorInit, lookup: ComponentLookup) {
  return {
    workflowId: init.workflowId,
    name: init.name ?? "Untitled workflow",
    catalogue: init.catalogue,
    lookup,
    readOnly: init.readOnly ?? false,
    hostTools: init.hostTools,
    nodes: toFlowNodes(init.graph, lookup),
    edges: markedEdges(toFlowEdges(init.graph), init.marks),
    annotations: toAnnotationNodes(init.graph),
    mcpServers: init.graph.mcpServers,
    settings: init.graph.settings,
    version: init.version,
    conflict: false,
    statuses: init.statuses ?? {},
    marks: init.marks ?? {},
    compileErrors: [],
    runErrors: null,
    nodeProblems: {},
    revision: 0,
    savedRevision: 0,
    saving: false,
    saveError: null,
    toast: null,
    history: emptyHistory(),
    snapToGrid: !init.readOnly && typeof localStorage !== "undefined" && localStorage.getItem(SNAP_KEY) === "1",
  };
}
