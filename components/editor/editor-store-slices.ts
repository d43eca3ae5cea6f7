/** The editor store's actions, in slices: the canvas, the clipboard, undo/redo, the saved document, and feedback. */
import { applyEdgeChanges, applyNodeChanges, type XYPosition } from "@xyflow/react";
import type { StoreApi } from "zustand/vanilla";
import { TOOL_HANDLE } from "@/lib/workflow/constants";
import { toJsonText } from "@/lib/workflow/json-text";
import { toGraphAnnotations } from "./annotations/annotation-nodes";
import { refuseConnection } from "./connection-rules";
import {
  addElements,
  dropEstimatesOnceMeasured,
  edited,
  gestureKey,
  problemsByNode,
  restore,
  snapshotOf,
} from "./edit-bookkeeping";
import { pastedElements, readClipboard, selectionContent, writeClipboard } from "./edit-clipboard";
import { endGesture, redoEdit, undoEdit } from "./edit-history";
import type { EditorState, NodePreset } from "./editor-store";
import {
  rendererFor,
  toWorkflowGraph,
  type ComponentLookup,
  type EditorNodeData,
  type FlowEdge,
  type FlowNode,
} from "./graph-conversion";
import { freeSpot, newNodeId, randomSuffix, uniqueLabel } from "./new-node";

type SetState = StoreApi<EditorState>["setState"];
type GetState = StoreApi<EditorState>["getState"];

const NOT_AN_EDIT = new Set(["select", "dimensions"]);

const mapNode = (nodes: FlowNode[], id: string, update: (data: EditorNodeData) => EditorNodeData) =>
  nodes.map((node) => (node.id === id ? { ...node, data: update(node.data) } : node));

type CanvasActions = "onNodesChange" | "onEdgesChange" | "connect" | "addNode";

/** React Flow's changes, connections, new nodes, selection and deletion. */
export function canvasSlice(
  set: SetState,
  get: GetState,
  lookup: ComponentLookup,
): Pick<EditorState, CanvasActions> & SelectionActions & NodeDataActions {
  return {
    onNodesChange: (changes) => {
      const isEdit = changes.some((change) => !NOT_AN_EDIT.has(change.type));
      const key = gestureKey(changes);
      set((state) => ({
        nodes: dropEstimatesOnceMeasured(changes, applyNodeChanges(changes, state.nodes)),
        ...(isEdit ? edited(state, key) : {}),
      }));
      if (changes.some((change) => change.type === "position" && change.dragging === false))
        set((state) => ({ history: endGesture(state.history) }));
    },
    onEdgesChange: (changes) => {
      const isEdit = changes.some((change) => change.type !== "select");
      set((state) => ({
        edges: applyEdgeChanges(changes, state.edges),
        ...(isEdit ? edited(state, gestureKey(changes)) : {}),
      }));
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
    addNode: (componentType, position, preset) => {
      const state = get();
      const component = lookup(componentType);
      if (!component) return undefined;
      const node = newNode(component, componentType, position, state.nodes, preset);
      set(addElements(state, { nodes: [node], edges: [] }));
      return node.id;
    },
    ...selectionSlice(set),
    ...nodeDataSlice(set),
  };
}

/**
 * A component's node as dropped: selected, labelled uniquely, with its defaults (or a preset's label, params and mode),
 * on a free spot near `position`.
 */
function newNode(
  component: NonNullable<ReturnType<ComponentLookup>>,
  componentType: string,
  position: XYPosition,
  nodes: FlowNode[],
  preset?: NodePreset,
): FlowNode {
  return {
    id: newNodeId(componentType),
    type: rendererFor(component),
    position: freeSpot(position, nodes),
    selected: true,
    data: {
      componentType,
      label: uniqueLabel(preset?.label ?? component.label, new Set(nodes.map((n) => n.data.label))),
      mode: preset?.mode ?? "normal",
      params: structuredClone({ ...component.defaults, ...component.startingParams, ...preset?.params }),
    },
  };
}

type SelectionActions = Pick<EditorState, "selectNode" | "deleteSelection">;

/** Selecting one node, and deleting what is selected (nodes with their wires) as one undoable edit. */
function selectionSlice(set: SetState): SelectionActions {
  return {
    selectNode: (id) =>
      set((state) => ({
        nodes: state.nodes.map((n) => (n.selected === (n.id === id) ? n : { ...n, selected: n.id === id })),
        edges: state.edges.map((e) => (e.selected ? { ...e, selected: false } : e)),
      })),
    deleteSelection: () =>
      set((state) => {
        const gone = new Set(state.nodes.filter((n) => n.selected).map((n) => n.id));
        const edges = state.edges.filter((e) => !e.selected && !gone.has(e.source) && !gone.has(e.target));
        if (gone.size === 0 && edges.length === state.edges.length) return {};
        return { nodes: state.nodes.filter((n) => !gone.has(n.id)), edges, ...edited(state) };
      }),
  };
}

type NodeDataActions = Pick<EditorState, "updateNodeData" | "setParam" | "setNodeMode">;

/** A node's label, params and mode, as the inspector changes them. */
function nodeDataSlice(set: SetState): NodeDataActions {
  return {
    updateNodeData: (id, patch) =>
      set((state) => ({
        nodes: mapNode(state.nodes, id, (data) => ({ ...data, ...patch })),
        ...edited(state, `data:${id}:${Object.keys(patch).join(",")}`),
      })),
    setParam: (id, name, value) =>
      set((state) => ({
        nodes: mapNode(state.nodes, id, (data) => {
          const params = { ...data.params, [name]: value };
          if (value === undefined) delete params[name];
          return { ...data, params };
        }),
        ...edited(state, `param:${id}:${name}`),
      })),
    setNodeMode: (id, mode) =>
      set((state) => ({
        nodes: mapNode(state.nodes, id, (data) => ({ ...data, mode })),
        // Tool mode has no data outputs and normal mode no tool handle: drop the edges that just became invalid.
        edges: state.edges.filter((e) => e.source !== id || (mode === "tool") === (e.sourceHandle === TOOL_HANDLE)),
        ...edited(state),
      })),
  };
}

/** Copy, paste and duplicate through the shared clipboard. */
export function clipboardSlice(
  set: SetState,
  get: GetState,
  lookup: ComponentLookup,
): Pick<EditorState, "copySelection" | "paste" | "duplicateSelection"> {
  return {
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
  };
}

export function historySlice(set: SetState, get: GetState): Pick<EditorState, "undo" | "redo"> {
  return {
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
  };
}

type DocumentActions =
  "setName" | "setSettings" | "settleVersion" | "beginSave" | "finishSave" | "toGraph" | "toSaveInput";

/** The workflow as saved: its name and settings, the save bookkeeping and the version it is based on. */
export function documentSlice(set: SetState, get: GetState): Pick<EditorState, DocumentActions> {
  return {
    setName: (name) => set((state) => ({ name, ...edited(state, "name") })),
    settleVersion: (outcome) =>
      set("conflict" in outcome ? { conflict: true } : { version: outcome.version, conflict: false }),
    setSettings: (change) =>
      set((state) => ({ settings: { ...state.settings, ...change }, revision: state.revision + 1 })),
    beginSave: () => {
      set({ saving: true, saveError: null });
      return get().revision;
    },
    finishSave: (revision, error) =>
      set((state) =>
        error
          ? { saving: false, saveError: error }
          : { saving: false, saveError: null, savedRevision: Math.max(state.savedRevision, revision) },
      ),
    toGraph: () => {
      const { nodes, edges, mcpServers, settings, annotations } = get();
      return { ...toWorkflowGraph(nodes, edges, mcpServers, settings), ...toGraphAnnotations(annotations) };
    },
    toSaveInput: () => ({ name: get().name, graph: toJsonText(get().toGraph()) }),
  };
}

type FeedbackActions = "setCompileErrors" | "setRunErrors" | "setStatuses" | "showToast" | "dismissToast";

/** What the editor tells the person: compile and run problems per node, run statuses, a toast. */
export function feedbackSlice(set: SetState): Pick<EditorState, FeedbackActions> {
  return {
    setCompileErrors: (compileErrors) =>
      set((state) => ({ compileErrors, ...(state.runErrors ? {} : { nodeProblems: problemsByNode(compileErrors) }) })),
    setRunErrors: (runErrors) =>
      set((state) => ({ runErrors, nodeProblems: problemsByNode(runErrors ?? state.compileErrors) })),
    setStatuses: (statuses) => set({ statuses }),
    showToast: (message) => set({ toast: { id: Date.now(), message } }),
    dismissToast: () => set({ toast: null }),
  };
}
