/**
 * The editor's state: React Flow nodes and edges, the workflow name, compile problems, save
 * bookkeeping and run statuses, with the actions that change them. One store per canvas.
 */
import { applyEdgeChanges, applyNodeChanges, type Connection, type EdgeChange, type NodeChange } from "@xyflow/react";
import { createStore } from "zustand/vanilla";
import type { ComponentMeta } from "@/lib/nodes/types";
import { TOOL_HANDLE, type NodeMode, type WorkflowGraph } from "@/lib/workflow/graph";
import type { Problem } from "@/app/workflows/schema";
import { refuseConnection } from "./connection-rules";
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

export type NodeStatus = "running" | "completed" | "failed" | "registered";

export type EditorInit = {
  workflowId?: string;
  name?: string;
  graph: WorkflowGraph;
  catalogue: ComponentMeta[];
  readOnly?: boolean;
  statuses?: Record<string, NodeStatus>;
};

export type EditorState = {
  workflowId?: string;
  name: string;
  catalogue: ComponentMeta[];
  lookup: ComponentLookup;
  readOnly: boolean;
  nodes: FlowNode[];
  edges: FlowEdge[];
  mcpServers?: WorkflowGraph["mcpServers"];
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
  toast: { id: number; message: string } | null;

  onNodesChange: (changes: NodeChange<FlowNode>[]) => void;
  onEdgesChange: (changes: EdgeChange<FlowEdge>[]) => void;
  connect: (connection: Connection) => void;
  addNode: (componentType: string, position: { x: number; y: number }) => string | undefined;
  selectNode: (id: string | null) => void;
  updateNodeData: (id: string, patch: Partial<EditorNodeData>) => void;
  setParam: (id: string, name: string, value: unknown) => void;
  setNodeMode: (id: string, mode: NodeMode) => void;
  setName: (name: string) => void;
  setCompileErrors: (errors: Problem[]) => void;
  setRunErrors: (errors: Problem[] | null) => void;
  setStatuses: (statuses: Record<string, NodeStatus>) => void;
  showToast: (message: string) => void;
  dismissToast: () => void;
  /** Marks a save as started and returns the revision it covers. */
  beginSave: () => number;
  finishSave: (revision: number, error?: string) => void;
  toGraph: () => WorkflowGraph;
};

export type EditorStore = ReturnType<typeof createEditorStore>;

const NOT_AN_EDIT = new Set(["select", "dimensions"]);

export function createEditorStore(init: EditorInit) {
  const lookup = catalogueLookup(init.catalogue);
  return createStore<EditorState>()((set, get) => {
    /** State changes every edit carries: a new revision, and stale run errors gone. */
    const edited = (state: EditorState) => ({
      revision: state.revision + 1,
      ...(state.runErrors ? { runErrors: null, nodeProblems: problemsByNode(state.compileErrors) } : {}),
    });
    const mapNode = (id: string, update: (data: EditorNodeData) => EditorNodeData) =>
      get().nodes.map((node) => (node.id === id ? { ...node, data: update(node.data) } : node));

    return {
      workflowId: init.workflowId,
      name: init.name ?? "Untitled workflow",
      catalogue: init.catalogue,
      lookup,
      readOnly: init.readOnly ?? false,
      nodes: toFlowNodes(init.graph, lookup),
      edges: toFlowEdges(init.graph),
      mcpServers: init.graph.mcpServers,
      statuses: init.statuses ?? {},
      compileErrors: [],
      runErrors: null,
      nodeProblems: {},
      revision: 0,
      savedRevision: 0,
      saving: false,
      saveError: null,
      toast: null,

      onNodesChange: (changes) => {
        const isEdit = changes.some((change) => !NOT_AN_EDIT.has(change.type));
        set((state) => ({ nodes: applyNodeChanges(changes, state.nodes), ...(isEdit ? edited(state) : {}) }));
      },
      onEdgesChange: (changes) => {
        const isEdit = changes.some((change) => change.type !== "select");
        set((state) => ({ edges: applyEdgeChanges(changes, state.edges), ...(isEdit ? edited(state) : {}) }));
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
        const id = `${shortType(componentType)}-${randomSuffix()}`;
        const node: FlowNode = {
          id,
          type: rendererFor(component),
          position: freeSpot(position, state.nodes),
          selected: true,
          data: { componentType, label: uniqueLabel(component.label, state.nodes), mode: "normal", params: structuredClone(component.defaults) },
        };
        set({ nodes: [...state.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), node], ...edited(state) });
        return id;
      },
      selectNode: (id) =>
        set((state) => ({
          nodes: state.nodes.map((n) => (n.selected === (n.id === id) ? n : { ...n, selected: n.id === id })),
          edges: state.edges.map((e) => (e.selected ? { ...e, selected: false } : e)),
        })),
      updateNodeData: (id, patch) => set((state) => ({ nodes: mapNode(id, (data) => ({ ...data, ...patch })), ...edited(state) })),
      setParam: (id, name, value) =>
        set((state) => ({
          nodes: mapNode(id, (data) => {
            const params = { ...data.params, [name]: value };
            if (value === undefined) delete params[name];
            return { ...data, params };
          }),
          ...edited(state),
        })),
      setNodeMode: (id, mode) =>
        set((state) => ({
          nodes: mapNode(id, (data) => ({ ...data, mode })),
          // Tool mode has no data outputs and normal mode no tool handle: drop the edges that just became invalid.
          edges: state.edges.filter((e) => e.source !== id || (mode === "tool") === (e.sourceHandle === TOOL_HANDLE)),
          ...edited(state),
        })),
      setName: (name) => set((state) => ({ name, ...edited(state) })),
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
        const { nodes, edges, mcpServers } = get();
        return toWorkflowGraph(nodes, edges, mcpServers);
      },
    };
  });
}

function problemsByNode(problems: Problem[]): Record<string, string[]> {
  const byNode: Record<string, string[]> = {};
  for (const problem of problems) if (problem.nodeId) (byNode[problem.nodeId] ??= []).push(problem.message);
  return byNode;
}

function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 8);
}

/** "core.http.request" → "http-request". */
function shortType(componentType: string): string {
  const parts = componentType.split(".");
  return (parts.length > 1 ? parts.slice(1) : parts).join("-");
}

function uniqueLabel(base: string, nodes: FlowNode[]): string {
  const taken = new Set(nodes.map((node) => node.data.label));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base} ${n}`)) n += 1;
  return `${base} ${n}`;
}

/** Nudges a new node down and right until it does not sit exactly on another one. */
function freeSpot(position: { x: number; y: number }, nodes: FlowNode[]): { x: number; y: number } {
  let spot = position;
  while (nodes.some((node) => Math.abs(node.position.x - spot.x) < 12 && Math.abs(node.position.y - spot.y) < 12)) {
    spot = { x: spot.x + 32, y: spot.y + 32 };
  }
  return spot;
}
