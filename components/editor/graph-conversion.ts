/**
 * The one place that translates between the saved WorkflowGraph contract and React Flow's nodes
 * and edges. React Flow's node `type` picks a renderer; the component id travels in the data.
 */
import type { Edge, Node } from "@xyflow/react";
import type { ComponentMeta } from "@/lib/nodes/types";
import type { NodeMode, ToolConfig, WorkflowGraph } from "@/lib/workflow/graph";
import type { PinnedData } from "@/lib/workflow/pinned-data";
import type { NodeRetry, OnError } from "@/lib/workflow/resilience";
import { approximateLayout, LARGE_GRAPH_NODES } from "./approximate-handles";

export type EditorNodeData = {
  /** The catalogue component id, e.g. "core.http.request". */
  componentType: string;
  label: string;
  mode: NodeMode;
  params: Record<string, unknown>;
  toolConfig?: ToolConfig;
  timeoutSeconds?: number;
  /** The node's "On error" settings (lib/workflow/resilience.ts). */
  retry?: NodeRetry;
  onError?: OnError;
  /** Output kept for test runs (lib/workflow/pinned-data.ts). */
  pinned?: PinnedData;
};

export type RendererType = "agent" | "component";
export type FlowNode = Node<EditorNodeData, RendererType>;
export type FlowEdge = Edge;

export type ComponentLookup = (type: string) => ComponentMeta | undefined;

export function catalogueLookup(catalogue: ComponentMeta[]): ComponentLookup {
  const byId = new Map(catalogue.map((component) => [component.id, component]));
  return (type) => byId.get(type);
}

export function rendererFor(component: ComponentMeta | undefined): RendererType {
  return component?.acceptsTools ? "agent" : "component";
}

export function toFlowNodes(graph: WorkflowGraph, lookup: ComponentLookup): FlowNode[] {
  const large = graph.nodes.length > LARGE_GRAPH_NODES;
  return graph.nodes.map((node) => {
    const meta = lookup(node.type);
    const data: EditorNodeData = { componentType: node.type, ...node.data };
    return {
      id: node.id,
      type: rendererFor(meta),
      position: node.position,
      data,
      ...(large ? approximateLayout(data, meta) : {}),
    };
  });
}

export function toFlowEdges(graph: WorkflowGraph): FlowEdge[] {
  return graph.edges.map(({ id, source, sourceHandle, target, targetHandle }) => ({
    id,
    source,
    sourceHandle,
    target,
    targetHandle,
  }));
}

export function toWorkflowGraph(
  nodes: FlowNode[],
  edges: FlowEdge[],
  mcpServers?: WorkflowGraph["mcpServers"],
  settings?: WorkflowGraph["settings"],
): WorkflowGraph {
  return {
    nodes: nodes.map(
      ({
        id,
        position,
        data: { componentType, label, mode, params, toolConfig, timeoutSeconds, retry, onError, pinned },
      }) => ({
        id,
        type: componentType,
        position: { x: position.x, y: position.y },
        data: {
          label,
          mode,
          params,
          ...(toolConfig ? { toolConfig } : {}),
          ...(timeoutSeconds ? { timeoutSeconds } : {}),
          ...(retry ? { retry } : {}),
          ...(onError && onError !== "stop" ? { onError } : {}),
          ...(pinned ? { pinned } : {}),
        },
      }),
    ),
    edges: edges.map(({ id, source, sourceHandle, target, targetHandle }) => ({
      id,
      source,
      sourceHandle: sourceHandle ?? "",
      target,
      targetHandle: targetHandle ?? "",
    })),
    ...(mcpServers ? { mcpServers } : {}),
    ...(settings ? { settings } : {}),
  };
}
