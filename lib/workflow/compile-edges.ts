/**
 * The compiler's second phase: each edge wires a tool into an agent or an output into an input, or is an error naming
 * it.
 */
import type { ComponentMeta } from "../nodes/types";
import type { CompileError, CompiledNode } from "./compile";
import type { CompileState } from "./compile-nodes";
import { hasErrorHandle } from "./compile-resilience";
import { shapeOf } from "./component-shape";
import { nodeOutputPorts } from "./node-outputs";
import type { WorkflowGraph } from "./graph";
import { TOOL_HANDLE, TOOLS_HANDLE } from "./constants";
import { wiresOf, withWire, type Wire } from "./input-wires";

type GraphEdge = WorkflowGraph["edges"][number];

/** The two nodes an edge joins, by number, with their components. */
type Ends = {
  sourceIndex: number;
  targetIndex: number;
  source: CompiledNode;
  target: CompiledNode;
  sourceComponent: ComponentMeta;
  targetComponent: ComponentMeta;
};

export function wireEdges(state: CompileState): void {
  const seenEdgeIds = new Set<string>();
  for (const edge of state.graph.edges) {
    if (seenEdgeIds.has(edge.id)) {
      state.errors.push({
        code: "duplicate-id",
        edgeId: edge.id,
        message: `Edge id "${edge.id}" is used by more than one edge`,
      });
      continue;
    }
    seenEdgeIds.add(edge.id);
    const ends = endsOf(state, edge);
    if (!ends) continue;
    const isToolEdge = edge.sourceHandle === TOOL_HANDLE || edge.targetHandle === TOOLS_HANDLE;
    const problem = isToolEdge ? toolEdgeProblem(edge, ends) : dataEdgeProblem(edge, ends);
    if (problem) state.errors.push(problem);
    else if (isToolEdge) wireTool(state, ends);
    else wireData(state, edge, ends);
  }
}

function endsOf(state: CompileState, edge: GraphEdge): Ends | undefined {
  const sourceIndex = state.indexOf.get(edge.source);
  const targetIndex = state.indexOf.get(edge.target);
  if (sourceIndex === undefined || targetIndex === undefined) {
    const missing = sourceIndex === undefined ? edge.source : edge.target;
    state.errors.push({
      code: "dangling-edge",
      edgeId: edge.id,
      message: `Edge points at node "${missing}", which does not exist`,
    });
    return undefined;
  }
  const { nodes, components } = state;
  return {
    sourceIndex,
    targetIndex,
    source: nodes[sourceIndex],
    target: nodes[targetIndex],
    sourceComponent: components[sourceIndex],
    targetComponent: components[targetIndex],
  };
}

const duplicateEdge = (edge: GraphEdge, { source, target }: Ends): CompileError => ({
  code: "duplicate-edge",
  edgeId: edge.id,
  message: `The same connection from "${source.label}" to "${target.label}" exists twice`,
});

/** A tool edge must go from a tool-mode node's tool handle into the tools handle of a node that accepts tools. */
function toolEdgeProblem(edge: GraphEdge, ends: Ends): CompileError | undefined {
  const { source, target, targetComponent } = ends;
  const at = { edgeId: edge.id };
  if (edge.sourceHandle !== TOOL_HANDLE) {
    return {
      code: "tool-edge-source",
      ...at,
      nodeId: source.id,
      message: `Only a tool handle can feed the tools handle of "${target.label}"`,
    };
  }
  if (source.mode !== "tool") {
    return {
      code: "tool-edge-source",
      ...at,
      nodeId: source.id,
      message: `"${source.label}" must be in tool mode to be wired as a tool`,
    };
  }
  if (edge.targetHandle !== TOOLS_HANDLE || !targetComponent.acceptsTools) {
    return {
      code: "tool-edge-target",
      ...at,
      nodeId: target.id,
      message: `A tool can only be wired into an agent's tools handle, not "${target.label}".${edge.targetHandle}`,
    };
  }
  return target.connectedToolNodeIds.includes(source.id) ? duplicateEdge(edge, ends) : undefined;
}

function wireTool(state: CompileState, { source, target, sourceIndex, targetIndex }: Ends): void {
  target.connectedToolNodeIds.push(source.id);
  state.dependencies.add(targetIndex, sourceIndex);
}

/** A data edge joins an output the source has to an input the target has, of a type it takes, once. */
function dataEdgeProblem(edge: GraphEdge, ends: Ends): CompileError | undefined {
  const { source, target, sourceComponent, targetComponent } = ends;
  const at = { edgeId: edge.id };
  if (source.mode === "tool") {
    return {
      code: "data-edge-from-tool",
      ...at,
      nodeId: source.id,
      message: `"${source.label}" is in tool mode: its only output is the tool handle`,
    };
  }
  const sourcePorts = nodeOutputPorts(sourceComponent, source.params);
  if (!sourcePorts.some((port) => port.name === edge.sourceHandle) && !hasErrorHandle(source, edge.sourceHandle)) {
    return {
      code: "unknown-handle",
      ...at,
      nodeId: source.id,
      message: `"${source.label}" has no output "${edge.sourceHandle}"`,
    };
  }
  if (!shapeOf(targetComponent).inputs.has(edge.targetHandle)) {
    return {
      code: "unknown-handle",
      ...at,
      nodeId: target.id,
      message: `"${target.label}" has no input "${edge.targetHandle}"`,
    };
  }
  const wired = target.inputs[edge.targetHandle];
  const sameWire = (wire: Wire) => wire.nodeId === source.id && wire.port === edge.sourceHandle;
  if (wired && wiresOf(wired).some(sameWire)) return duplicateEdge(edge, ends);
  const wants = targetComponent.inputs.find((port) => port.name === edge.targetHandle)?.schema?.type;
  const gives = sourcePorts.find((port) => port.name === edge.sourceHandle)?.schema?.type;
  if (wants === "array" && gives !== undefined && gives !== "array") {
    const message =
      `"${target.label}" needs a list on ${edge.targetHandle}, but ` +
      `"${source.label}".${edge.sourceHandle} is a ${gives}`;
    return { code: "type-mismatch", ...at, nodeId: target.id, field: edge.targetHandle, message };
  }
  return undefined;
}

function wireData(state: CompileState, edge: GraphEdge, { source, target, sourceIndex, targetIndex }: Ends): void {
  // A second wire into the same input joins the first (input-wires.ts says which one fills it).
  target.inputs[edge.targetHandle] = withWire(target.inputs[edge.targetHandle], {
    nodeId: source.id,
    port: edge.sourceHandle,
  });
  state.dependencies.add(targetIndex, sourceIndex);
  state.consumed[sourceIndex] = 1;
}
