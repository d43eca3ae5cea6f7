/**
 * The compiler: a pure function from a workflow graph to an executable plan, or to errors that
 * each name the node or edge at fault. It knows components only through their metadata, so the
 * browser can run it too and mark errors on the canvas before a run is attempted.
 */
import type { ComponentMeta } from "../nodes/types";
import { checkParams, checkWiring, orderNodes } from "./compile-checks";
import { wireEdges } from "./compile-edges";
import { declareNodes, type CompileState } from "./compile-nodes";
import type { NodeMode, WorkflowGraph } from "./graph";
import type { InputBinding } from "./input-wires";
import type { NodeResilience } from "./resilience";

export { isDisabledTrigger } from "./compile-checks";

export type CompileErrorCode =
  | "duplicate-id"
  | "unknown-component"
  | "dangling-edge"
  | "unknown-handle"
  | "duplicate-edge"
  | "not-a-tool"
  | "tool-edge-source"
  | "tool-edge-target"
  | "data-edge-from-tool"
  | "cycle"
  | "missing-param"
  | "invalid-param"
  | "unknown-param"
  | "invalid-mcp-server"
  | "missing-tool"
  | "unknown-reference"
  | "missing-input"
  | "unreachable"
  | "type-mismatch"
  | "missing-secret"
  | "empty-workflow"
  | "host-access-disabled"
  | "workflow-not-allowed";

export type CompileError = {
  code: CompileErrorCode;
  message: string;
  nodeId?: string;
  edgeId?: string;
  field?: string;
};

/**
 * Something wrong with a workflow, pointing at the node, edge or field when it can (a compile error, or a message from
 * the server).
 */
export type Problem = Pick<CompileError, "message"> &
  Partial<Pick<CompileError, "code" | "nodeId" | "edgeId" | "field">>;

export type { InputBinding } from "./input-wires";

export type CompiledNode = {
  id: string;
  type: string;
  label: string;
  mode: NodeMode;
  params: Record<string, unknown>;
  /** Input port → the upstream output(s) that fill it (several wires: input-wires.ts). */
  inputs: Record<string, InputBinding>;
  /** Nodes that must finish (or register, for tools) first. */
  dependsOn: string[];
  /** For agents: tool-mode nodes wired into the `tools` handle. */
  connectedToolNodeIds: string[];
  /** For tool-mode nodes: the inputs the agent fills when calling. */
  agentInputs: string[];
  /** For tool-mode nodes: the tool name set on the node (else it comes from the label, lib/tools/component-tool.ts). */
  toolName?: string;
  /** Node names used in this node's templates (`{{name.port}}`) → the node id they refer to. */
  templateSources?: Record<string, string>;
  /** Its templates read variables (`{{vars.NAME}}`): the worker loads them before filling its params. */
  readsVariables?: boolean;
  /** Fails the node (and the run) when it runs longer than this. */
  timeoutSeconds?: number;
} & NodeResilience;

export type CompiledWorkflow = {
  /** Every node id in dependency order. */
  order: string[];
  nodes: Record<string, CompiledNode>;
  /**
   * The Output nodes when the workflow has any (`outputsNamed`); else normal-mode nodes whose outputs nobody consumes.
   * Those that ran are the run's output.
   */
  outputNodeIds: string[];
  /** True when outputNodeIds are Output nodes: each one's `value` is its part of the run's output. */
  outputsNamed?: boolean;
  /** The workflow's run timeout (settings.runTimeoutSeconds), when it sets one. */
  runTimeoutSeconds?: number;
  /** The workflow's limit on runs at once (settings.maxConcurrentRuns), when it sets one. */
  maxConcurrentRuns?: number;
  /** The workflow's cost budget per run in US dollars (settings.costBudgetUsd), when it sets one. */
  costBudgetUsd?: number;
};

export type CompileResult = { ok: true; plan: CompiledWorkflow } | { ok: false; errors: CompileError[] };

export type Catalogue = (type: string) => ComponentMeta | undefined;

export type CompileOptions = {
  /**
   * Whether host access is enabled (lib/settings/host-tools.ts); when false, nodes that touch the host are errors.
   * Unchecked when absent.
   */
  hostTools?: boolean;
};

/** Graph → plan, phase by phase; every phase adds the errors it finds, so one pass reports them all. */
export function compileWorkflow(
  graph: WorkflowGraph,
  catalogue: Catalogue,
  options: CompileOptions = {},
): CompileResult {
  const state = declareNodes(graph, catalogue, options);
  wireEdges(state);
  checkParams(state);
  checkWiring(state);
  const order = orderNodes(state);
  if (state.errors.length > 0) return { ok: false, errors: state.errors };
  return { ok: true, plan: buildPlan(state, order) };
}

/** The outputs are the Output nodes when there are any, else the normal nodes nothing consumes. */
function buildPlan({ graph, nodes, components, consumed }: CompileState, order: number[]): CompiledWorkflow {
  const isOutput = (index: number, named: boolean) =>
    nodes[index].mode === "normal" && (named ? components[index].namesRunOutput === true : !consumed[index]);
  const outputsNamed = order.some((index) => isOutput(index, true));
  const outputNodeIds = order.filter((index) => isOutput(index, outputsNamed)).map((index) => nodes[index].id);
  const { runTimeoutSeconds, maxConcurrentRuns, costBudgetUsd } = graph.settings ?? {};
  return {
    order: order.map((index) => nodes[index].id),
    nodes: Object.fromEntries(nodes.map((node) => [node.id, node])),
    outputNodeIds,
    ...(outputsNamed ? { outputsNamed: true } : {}),
    ...(runTimeoutSeconds ? { runTimeoutSeconds } : {}),
    ...(maxConcurrentRuns ? { maxConcurrentRuns } : {}),
    ...(costBudgetUsd ? { costBudgetUsd } : {}),
  };
}
