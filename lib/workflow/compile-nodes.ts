/** The compiler's first phase: each graph node becomes a numbered CompiledNode beside its component, or an error. */
import type { ComponentMeta } from "../nodes/types";
import type { Catalogue, CompileError, CompileOptions, CompiledNode } from "./compile";
import { compileResilience } from "./compile-resilience";
import { usedParams } from "./component-shape";
import { Dependencies } from "./dependencies";
import type { WorkflowGraph } from "./graph";
import { hostAccessMessage, usesHost } from "./host-access";
import { unknownParamMessage, unknownParams } from "./unknown-params";

/**
 * What the phases share. Nodes are numbered in graph order; everything per node is an array indexed
 * by that number, so a 100k-node graph costs one map lookup per id rather than one per bookkeeping table.
 */
export type CompileState = {
  graph: WorkflowGraph;
  errors: CompileError[];
  indexOf: Map<string, number>;
  nodes: CompiledNode[];
  components: ComponentMeta[];
  dependencies: Dependencies;
  /** 1 for a node whose output something consumes (an edge or a template). */
  consumed: Uint8Array;
};

type GraphNode = WorkflowGraph["nodes"][number];

/** Numbers the nodes with a known component and a fresh id; the others are errors. */
export function declareNodes(graph: WorkflowGraph, catalogue: Catalogue, options: CompileOptions): CompileState {
  const errors: CompileError[] = [];
  const indexOf = new Map<string, number>();
  const nodes: CompiledNode[] = [];
  const components: ComponentMeta[] = [];
  for (const node of graph.nodes) {
    if (indexOf.has(node.id)) {
      errors.push({
        code: "duplicate-id",
        nodeId: node.id,
        message: `Node id "${node.id}" is used by more than one node`,
      });
      continue;
    }
    const component = catalogue(node.type);
    if (!component) {
      errors.push({ code: "unknown-component", nodeId: node.id, message: `Unknown component "${node.type}"` });
      continue;
    }
    const compiled = compileNode(node, component, graph, options, errors);
    indexOf.set(node.id, nodes.length);
    components.push(component);
    nodes.push(compiled);
  }
  return {
    graph,
    errors,
    indexOf,
    nodes,
    components,
    dependencies: new Dependencies(nodes),
    consumed: new Uint8Array(nodes.length),
  };
}

/** One node with its params (defaults applied, hidden ones left out), not yet wired. */
function compileNode(
  node: GraphNode,
  component: ComponentMeta,
  graph: WorkflowGraph,
  options: CompileOptions,
  errors: CompileError[],
): CompiledNode {
  const label = node.data.label || component.label;
  if (node.data.mode === "tool" && !component.tool) {
    errors.push({ code: "not-a-tool", nodeId: node.id, message: `${component.label} cannot be used in tool mode` });
  }
  for (const field of unknownParams(node.data.params, component)) {
    errors.push({
      code: "unknown-param",
      nodeId: node.id,
      field,
      message: unknownParamMessage({ id: node.id, label }, component.label, field),
    });
  }
  const params = usedParams(component, Object.assign({}, component.defaults, node.data.params));
  if (options.hostTools === false && usesHost({ id: node.id, type: node.type, label, params }, graph.mcpServers)) {
    errors.push({ code: "host-access-disabled", nodeId: node.id, message: hostAccessMessage(label, component.label) });
  }
  const compiled: CompiledNode = {
    id: node.id,
    type: node.type,
    label,
    mode: node.data.mode,
    params,
    inputs: {},
    dependsOn: [],
    connectedToolNodeIds: [],
    agentInputs:
      node.data.mode === "tool" ? (node.data.toolConfig?.exposedInputIds ?? component.tool?.agentInputs ?? []) : [],
  };
  if (node.data.mode === "tool" && node.data.toolConfig?.toolName) compiled.toolName = node.data.toolConfig.toolName;
  if (node.data.timeoutSeconds) compiled.timeoutSeconds = node.data.timeoutSeconds;
  errors.push(...compileResilience(node, component, compiled));
  return compiled;
}
