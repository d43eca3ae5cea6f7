/**
 * The editor's state: React Flow nodes and edges, the workflow name, compile problems, save
 * bookkeeping and run statuses, with the actions that change them. One store per canvas.
 */
import { applyEdgeChanges, applyNodeChanges, type Connection, type EdgeChange, type NodeChange } from "@xyflow/react";
import { createStore } from "zustand/vanilla";
import type { ComponentMeta } from "@/lib/nodes/types";
import { TOOL_HANDLE, type NodeMode, type WorkflowGraph } from "@/lib/workflow/graph";
import type { Problem } from "@/lib/workflow/compile";
import { refuseConnection } from "./connection-rules";
import { pastedElements, readClipboard, selectionContent, writeClipboard } from "./edit-clipboard";
import { emptyHistory, endGesture, recordEdit, redoEdit, undoEdit, type EditHistory, type Snapshot } from "./edit-history";
import { freeSpot, newNodeId, randomSuffix, uniqueLabel } from "./new-node";
import {
  catalogueLookup,
  rendererFor,
  toFlowEdges,
  toFlowNodes,
  toWorkflowGraph,
  type ComponentLookup,
  type EditorNodeData,
  type FlowEdge,
  type FlowNode,
} from "./graph-conversion";

export type NodeStatus = "running" | "completed" | "failed" | "registered" | "skipped";

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
};

export type EditorState = {
  workflowId?: string;
  name: string;
  catalogue: ComponentMeta[];
  lookup: ComponentLookup;
  readOnly: boolean;
  hostTools?: boolean;
  nodes: FlowNode[];
  edges: FlowEdge[];
  mcpServers?: WorkflowGraph["mcpServers"];
  /** Workflow-level settings (run timeout, MCP exposure), saved with the graph. */
  settings?: WorkflowGraph["settings"];
  statuses: Record<string, NodeStatus>;
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
  addNode: (componentType: string, position: { x: number; y: number }) => string | undefined;
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

const NOT_AN_EDIT = new Set(["select", "dimensions"]);
const SNAP_KEY = "switchboard:snap-to-grid";

export function createEditorStore(init: EditorInit) {
  const lookup = catalogueLookup(init.catalogue);
  return createStore<EditorState>()((set, get) => {
    /**
     * State changes every edit carries: an undo step (joined to the last one when `key` names the
     * same gesture), a new revision, and stale run errors gone.
     */
    const edited = (state: EditorState, key: string | null = null) => ({
      revision: state.revision + 1,
      history: recordEdit(state.history, snapshotOf(state), key),
      ...(state.runErrors ? { runErrors: null, nodeProblems: problemsByNode(state.compileErrors) } : {}),
    });
    /** Puts a snapshot back (undo/redo): an edit as far as saving is concerned. */
    const restore = (state: EditorState, snapshot: Snapshot, history: EditHistory) => ({
      ...keepSelection(snapshot, state),
      history,
      revision: state.revision + 1,
      ...(state.runErrors ? { runErrors: null, nodeProblems: problemsByNode(state.compileErrors) } : {}),
    });
    const addElements = (state: EditorState, added: { nodes: FlowNode[]; edges: FlowEdge[] }) =>
      added.nodes.length === 0
        ? {}
        : {
            nodes: [...state.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), ...added.nodes],
            edges: [...state.edges.map((e) => (e.selected ? { ...e, selected: false } : e)), ...added.edges],
            ...edited(state),
          };
    const mapNode = (id: string, update: (data: EditorNodeData) => EditorNodeData) =>
      get().nodes.map((node) => (node.id === id ? { ...node, data: update(node.data) } : node));

    return {
      workflowId: init.workflowId,
      name: init.name ?? "Untitled workflow",
      catalogue: init.catalogue,
      lookup,
      readOnly: init.readOnly ?? false,
      hostTools: init.hostTools,
      nodes: toFlowNodes(init.graph, lookup),
      edges: toFlowEdges(init.graph),
      mcpServers: init.graph.mcpServers,
      settings: init.graph.settings,
      version: init.version,
      conflict: false,
      statuses: init.statuses ?? {},
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

      onNodesChange: (changes) => {
        const isEdit = changes.some((change) => !NOT_AN_EDIT.has(change.type));
        const key = gestureKey(changes);
        set((state) => ({ nodes: dropEstimatesOnceMeasured(changes, applyNodeChanges(changes, state.nodes)), ...(isEdit ? edited(state, key) : {}) }));
        if (changes.some((change) => change.type === "position" && change.dragging === false)) set((state) => ({ history: endGesture(state.history) }));
      },
      onEdgesChange: (changes) => {
        const isEdit = changes.some((change) => change.type !== "select");
        set((state) => ({ edges: applyEdgeChanges(changes, state.edges), ...(isEdit ? edited(state, gestureKey(changes)) : {}) }));
      },
      connect: (connection) => {
        const state = get();
        const refusal = refuseConnection(connection, state);
        if (refusal) return state.showToast(refusal);
        const edge: FlowEdge = {
          id: `${connection.source}-${connection.target}-${randomSuffix()}`,
          source: connection.source,
          sourceHandle: connection.sourceHandle,
          target: connection.target,
          targetHandle: connection.targetHandle,
        };
        set({ edges: [...state.edges, edge], ...edited(state) });
      },
      addNode: (componentType, position) => {
        const state = get();
        const component = lookup(componentType);
        if (!component) return undefined;
        const id = newNodeId(componentType);
        const label = uniqueLabel(component.label, new Set(state.nodes.map((n) => n.data.label)));
        const node: FlowNode = {
          id,
          type: rendererFor(component),
          position: freeSpot(position, state.nodes),
          selected: true,
          data: { componentType, label, mode: "normal", params: structuredClone({ ...component.defaults, ...component.startingParams }) },
        };
        set(addElements(state, { nodes: [node], edges: [] }));
        return id;
      },
      selectNode: (id) =>
        set((state) => ({
          nodes: state.nodes.map((n) => (n.selected === (n.id === id) ? n : { ...n, selected: n.id === id })),
          edges: state.edges.map((e) => (e.selected ? { ...e, selected: false } : e)),
        })),
      updateNodeData: (id, patch) =>
        set((state) => ({ nodes: mapNode(id, (data) => ({ ...data, ...patch })), ...edited(state, `data:${id}:${Object.keys(patch).join(",")}`) })),
      setParam: (id, name, value) =>
        set((state) => ({
          nodes: mapNode(id, (data) => {
            const params = { ...data.params, [name]: value };
            if (value === undefined) delete params[name];
            return { ...data, params };
          }),
          ...edited(state, `param:${id}:${name}`),
        })),
      setNodeMode: (id, mode) =>
        set((state) => ({
          nodes: mapNode(id, (data) => ({ ...data, mode })),
          // Tool mode has no data outputs and normal mode no tool handle: drop the edges that just became invalid.
          edges: state.edges.filter((e) => e.source !== id || (mode === "tool") === (e.sourceHandle === TOOL_HANDLE)),
          ...edited(state),
        })),
      setName: (name) => set((state) => ({ name, ...edited(state, "name") })),
      settleVersion: (outcome) => set("conflict" in outcome ? { conflict: true } : { version: outcome.version, conflict: false }),
      setSettings: (change) => set((state) => ({ settings: { ...state.settings, ...change }, revision: state.revision + 1 })),
      setCompileErrors: (compileErrors) =>
        set((state) => ({ compileErrors, ...(state.runErrors ? {} : { nodeProblems: problemsByNode(compileErrors) }) })),
      setRunErrors: (runErrors) => set((state) => ({ runErrors, nodeProblems: problemsByNode(runErrors ?? state.compileErrors) })),
      setStatuses: (statuses) => set({ statuses }),
      showToast: (message) => set({ toast: { id: Date.now(), message } }),
      dismissToast: () => set({ toast: null }),
      beginSave: () => {
        set({ saving: true, saveError: null });
        return get().revision;
      },
      finishSave: (revision, error) =>
        set((state) => (error ? { saving: false, saveError: error } : { saving: false, saveError: null, savedRevision: Math.max(state.savedRevision, revision) })),
      toGraph: () => {
        const { nodes, edges, mcpServers, settings } = get();
        return toWorkflowGraph(nodes, edges, mcpServers, settings);
      },
      undo: () => {
        const state = get();
        const step = undoEdit(state.history, snapshotOf(state));
        if (step) set(restore(state, step.snapshot, step.history));
      },
      redo: () => {
        const state = get();
        const step = redoEdit(state.history, snapshotOf(state));
        if (step) set(restore(state, step.snapshot, step.history));
      },
      copySelection: () => {
        const content = selectionContent(get().nodes, get().edges);
        if (content) writeClipboard(content);
        return content !== null;
      },
      paste: () => {
        const content = readClipboard();
        if (!content) return get().showToast("Nothing to paste: copy some nodes first (Ctrl/⌘+C)");
        set((state) => addElements(state, pastedElements(content, state.nodes, lookup)));
      },
      duplicateSelection: () => {
        const content = selectionContent(get().nodes, get().edges);
        if (content) set((state) => addElements(state, pastedElements(content, state.nodes, lookup)));
      },
      deleteSelection: () =>
        set((state) => {
          const gone = new Set(state.nodes.filter((n) => n.selected).map((n) => n.id));
          const edges = state.edges.filter((e) => !e.selected && !gone.has(e.source) && !gone.has(e.target));
          if (gone.size === 0 && edges.length === state.edges.length) return {};
          return { nodes: state.nodes.filter((n) => !gone.has(n.id)), edges, ...edited(state) };
        }),
      setSnapToGrid: (on) => {
        localStorage.setItem(SNAP_KEY, on ? "1" : "0");
        set({ snapToGrid: on });
      },
    };
  });
}

function problemsByNode(problems: Problem[]): Record<string, string[]> {
  const byNode: Record<string, string[]> = {};
  for (const problem of problems) if (problem.nodeId) (byNode[problem.nodeId] ??= []).push(problem.message);
  return byNode;
}

/**
 * A snapshot with today's selection for the elements that exist now: undo brings back content,
 * not what was selected back then. Elements it brings back keep the selection they had.
 */
function keepSelection(snapshot: Snapshot, state: EditorState): Snapshot {
  const now = new Map<string, boolean>([...state.nodes, ...state.edges].map((element) => [element.id, Boolean(element.selected)]));
  const withSelection = <T extends { id: string; selected?: boolean }>(element: T) => {
    const selected = now.get(element.id);
    return selected === undefined || selected === Boolean(element.selected) ? element : { ...element, selected };
  };
  return { ...snapshot, nodes: snapshot.nodes.map(withSelection), edges: snapshot.edges.map(withSelection) };
}

/** A node measured on screen no longer needs the handle estimates it opened with (approximate-handles.ts). */
function dropEstimatesOnceMeasured(changes: NodeChange<FlowNode>[], nodes: FlowNode[]): FlowNode[] {
  const measured = new Set(changes.flatMap((change) => (change.type === "dimensions" ? [change.id] : [])));
  if (measured.size === 0 || !nodes.some((node) => node.handles && measured.has(node.id))) return nodes;
  return nodes.map((node) => {
    if (!node.handles || !measured.has(node.id)) return node;
    const { handles: _estimated, ...rest } = node;
    return rest;
  });
}

function snapshotOf(state: EditorState): Snapshot {
  return { nodes: state.nodes, edges: state.edges, name: state.name };
}

/**
 * Which gesture a React Flow change belongs to: every step of one drag is one undo step, and so is
 * a deletion (React Flow removes the nodes and their edges in two calls within one task).
 */
function gestureKey(changes: (NodeChange<FlowNode> | EdgeChange<FlowEdge>)[]): string | null {
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
