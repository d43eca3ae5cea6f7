/**
 * The compiler: a pure function from a workflow graph to an executable plan, or to errors that
 * each name the node or edge at fault. It knows components only through their metadata, so the
 * browser can run it too and mark errors on the canvas before a run is attempted.
 */
import { validateWorkflowMcpServers } from "../mcp/validate-node-params";
import { paramValidatorFor } from "../nodes/param-validators";
import { isFieldShown, isTemplatedField, type ComponentMeta } from "../nodes/types";
import { TOOL_HANDLE, TOOLS_HANDLE, type NodeMode, type WorkflowGraph } from "./graph";
import { hostAccessMessage, usesHost } from "./host-access";
import { compileResilience, hasErrorHandle, readableOutputs } from "./compile-resilience";
import type { NodeResilience } from "./resilience";
import { unknownParamMessage, unknownParams } from "./unknown-params";
import { INPUT_REFERENCE, referenceName, templateReferences } from "./template";

export type CompileErrorCode =
  | "duplicate-id"
  | "unknown-component"
  | "dangling-edge"
  | "unknown-handle"
  | "duplicate-edge"
  | "input-already-connected"
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
  | "host-access-disabled";

export type CompileError = { code: CompileErrorCode; message: string; nodeId?: string; edgeId?: string; field?: string };

/** Something wrong with a workflow, pointing at the node, edge or field when it can (a compile error, or a message from the server). */
export type Problem = Pick<CompileError, "message"> & Partial<Pick<CompileError, "code" | "nodeId" | "edgeId" | "field">>;

export type InputBinding = { nodeId: string; port: string };

export type CompiledNode = {
  id: string;
  type: string;
  label: string;
  mode: NodeMode;
  params: Record<string, unknown>;
  /** Input port → the upstream output that fills it. */
  inputs: Record<string, InputBinding>;
  /** Nodes that must finish (or register, for tools) first. */
  dependsOn: string[];
  /** For agents: tool-mode nodes wired into the `tools` handle. */
  connectedToolNodeIds: string[];
  /** For tool-mode nodes: the inputs the agent fills when calling. */
  agentInputs: string[];
  /** Node names used in this node's templates (`{{name.port}}`) → the node id they refer to. */
  templateSources?: Record<string, string>;
  /** Fails the node (and the run) when it runs longer than this. */
  timeoutSeconds?: number;
} & NodeResilience;

export type CompiledWorkflow = {
  /** Every node id in dependency order. */
  order: string[];
  nodes: Record<string, CompiledNode>;
  /** The Output nodes when the workflow has any (`outputsNamed`); else normal-mode nodes whose outputs nobody consumes. Those that ran are the run's output. */
  outputNodeIds: string[];
  /** True when outputNodeIds are Output nodes: each one's `value` is its part of the run's output. */
  outputsNamed?: boolean;
  /** The workflow's run timeout (settings.runTimeoutSeconds), when it sets one. */
  runTimeoutSeconds?: number;
  /** The workflow's limit on runs at once (settings.maxConcurrentRuns), when it sets one. */
  maxConcurrentRuns?: number;
};

export type CompileResult = { ok: true; plan: CompiledWorkflow } | { ok: false; errors: CompileError[] };

export type Catalogue = (type: string) => ComponentMeta | undefined;

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

export type CompileOptions = {
  /** Whether host access is enabled (lib/settings/host-tools.ts); when false, nodes that touch the host are errors. Unchecked when absent. */
  hostTools?: boolean;
};

export function compileWorkflow(graph: WorkflowGraph, catalogue: Catalogue, options: CompileOptions = {}): CompileResult {
  const errors: CompileError[] = [];
  // Nodes are numbered in graph order; everything per node below is an array indexed by that
  // number, so a 100k-node graph costs one map lookup per id rather than one per bookkeeping table.
  const indexOf = new Map<string, number>();
  const nodes: CompiledNode[] = [];
  const components: ComponentMeta[] = [];

  for (const node of graph.nodes) {
    if (indexOf.has(node.id)) {
      errors.push({ code: "duplicate-id", nodeId: node.id, message: `Node id "${node.id}" is used by more than one node` });
      continue;
    }
    const component = catalogue(node.type);
    if (!component) {
      errors.push({ code: "unknown-component", nodeId: node.id, message: `Unknown component "${node.type}"` });
      continue;
    }
    if (node.data.mode === "tool" && !component.tool) {
      errors.push({ code: "not-a-tool", nodeId: node.id, message: `${component.label} cannot be used in tool mode` });
    }
    const label = node.data.label || component.label;
    for (const field of unknownParams(node.data.params, component)) {
      errors.push({ code: "unknown-param", nodeId: node.id, field, message: unknownParamMessage({ id: node.id, label }, component.label, field) });
    }
    const params = usedParams(component, Object.assign({}, component.defaults, node.data.params));
    if (options.hostTools === false && usesHost({ id: node.id, type: node.type, label, params }, graph.mcpServers)) {
      errors.push({ code: "host-access-disabled", nodeId: node.id, message: hostAccessMessage(label, component.label) });
    }
    indexOf.set(node.id, nodes.length);
    components.push(component);
    const compiled: CompiledNode = {
      id: node.id,
      type: node.type,
      label,
      mode: node.data.mode,
      params,
      inputs: {},
      dependsOn: [],
      connectedToolNodeIds: [],
      agentInputs: node.data.mode === "tool" ? (node.data.toolConfig?.exposedInputIds ?? component.tool?.agentInputs ?? []) : [],
    };
    if (node.data.timeoutSeconds) compiled.timeoutSeconds = node.data.timeoutSeconds;
    errors.push(...compileResilience(node, component, compiled));
    nodes.push(compiled);
  }

  const dependencies = new Dependencies(nodes);
  const consumed = new Uint8Array(nodes.length);
  const seenEdgeIds = new Set<string>();
  for (const edge of graph.edges) {
    const at = { edgeId: edge.id };
    if (seenEdgeIds.has(edge.id)) {
      errors.push({ code: "duplicate-id", ...at, message: `Edge id "${edge.id}" is used by more than one edge` });
      continue;
    }
    seenEdgeIds.add(edge.id);
    const sourceIndex = indexOf.get(edge.source);
    const targetIndex = indexOf.get(edge.target);
    if (sourceIndex === undefined || targetIndex === undefined) {
      const missing = sourceIndex === undefined ? edge.source : edge.target;
      errors.push({ code: "dangling-edge", ...at, message: `Edge points at node "${missing}", which does not exist` });
      continue;
    }
    const [source, target] = [nodes[sourceIndex], nodes[targetIndex]];
    const [sourceComponent, targetComponent] = [components[sourceIndex], components[targetIndex]];
    const duplicate = () => errors.push({ code: "duplicate-edge", ...at, message: `The same connection from "${source.label}" to "${target.label}" exists twice` });

    if (edge.sourceHandle === TOOL_HANDLE || edge.targetHandle === TOOLS_HANDLE) {
      if (edge.sourceHandle !== TOOL_HANDLE) {
        errors.push({ code: "tool-edge-source", ...at, nodeId: source.id, message: `Only a tool handle can feed the tools handle of "${target.label}"` });
      } else if (source.mode !== "tool") {
        errors.push({ code: "tool-edge-source", ...at, nodeId: source.id, message: `"${source.label}" must be in tool mode to be wired as a tool` });
      } else if (edge.targetHandle !== TOOLS_HANDLE || !targetComponent.acceptsTools) {
        errors.push({ code: "tool-edge-target", ...at, nodeId: target.id, message: `A tool can only be wired into an agent's tools handle, not "${target.label}".${edge.targetHandle}` });
      } else if (target.connectedToolNodeIds.includes(source.id)) {
        duplicate();
      } else {
        target.connectedToolNodeIds.push(source.id);
        dependencies.add(targetIndex, sourceIndex);
      }
      continue;
    }

    if (source.mode === "tool") {
      errors.push({ code: "data-edge-from-tool", ...at, nodeId: source.id, message: `"${source.label}" is in tool mode: its only output is the tool handle` });
      continue;
    }
    if (!shapeOf(sourceComponent).outputs.has(edge.sourceHandle) && !hasErrorHandle(source, edge.sourceHandle)) {
      errors.push({ code: "unknown-handle", ...at, nodeId: source.id, message: `"${source.label}" has no output "${edge.sourceHandle}"` });
      continue;
    }
    if (!shapeOf(targetComponent).inputs.has(edge.targetHandle)) {
      errors.push({ code: "unknown-handle", ...at, nodeId: target.id, message: `"${target.label}" has no input "${edge.targetHandle}"` });
      continue;
    }
    const wired = target.inputs[edge.targetHandle];
    if (wired?.nodeId === source.id && wired.port === edge.sourceHandle) {
      duplicate();
      continue;
    }
    const wants = targetComponent.inputs.find((port) => port.name === edge.targetHandle)?.schema?.type;
    const gives = sourceComponent.outputs.find((port) => port.name === edge.sourceHandle)?.schema?.type;
    if (wants === "array" && gives !== undefined && gives !== "array") {
      errors.push({ code: "type-mismatch", ...at, nodeId: target.id, field: edge.targetHandle, message: `"${target.label}" needs a list on ${edge.targetHandle}, but "${source.label}".${edge.sourceHandle} is a ${gives}` });
      continue;
    }
    if (wired) {
      errors.push({ code: "input-already-connected", ...at, nodeId: target.id, message: `Input "${edge.targetHandle}" of "${target.label}" is already connected` });
      continue;
    }
    target.inputs[edge.targetHandle] = { nodeId: source.id, port: edge.sourceHandle };
    dependencies.add(targetIndex, sourceIndex);
    consumed[sourceIndex] = 1;
  }

  nodes.forEach((node, index) => {
    for (const field of shapeOf(components[index]).required) {
      if (!isEmpty(node.params[field.name])) continue;
      if (node.inputs[field.name] || node.agentInputs.includes(field.name)) continue;
      errors.push({ code: "missing-param", nodeId: node.id, field: field.name, message: `"${node.label}" needs a value for ${field.label}` });
    }
  });

  const refusedParams = new Set(errors.filter((error) => error.code === "unknown-param").map((error) => error.nodeId));
  for (const node of nodes) {
    if (refusedParams.has(node.id)) continue; // its own checks would only say the same again
    for (const { field, message } of paramValidatorFor(node.type)?.(node.params, { label: node.label, mcpServers: graph.mcpServers }) ?? []) {
      errors.push({ code: "invalid-param", nodeId: node.id, field, message });
    }
  }
  for (const { message } of validateWorkflowMcpServers(graph.mcpServers)) errors.push({ code: "invalid-mcp-server", message });

  const references = new ReferenceIndex(nodes, indexOf);
  const portsOf: PortsOf = (index) => readableOutputs(nodes[index], shapeOf(components[index]).outputs);
  nodes.forEach((node, index) => {
    const component = components[index];
    if (component.requiresTool && node.mode === "normal" && node.connectedToolNodeIds.length === 0) {
      errors.push({ code: "missing-tool", nodeId: node.id, message: `"${node.label}" needs a tool wired into its tools handle` });
    }
    if (component.requiresInput && Object.keys(node.inputs).length === 0) {
      errors.push({ code: "missing-input", nodeId: node.id, message: `"${node.label}" has nothing to work on: wire at least one of its inputs` });
    }
    for (const sourceIndex of resolveTemplateSources(index, nodes, component, references, portsOf, errors)) {
      dependencies.add(index, sourceIndex);
      consumed[sourceIndex] = 1;
    }
  });

  const order = dependencies.order();
  if (order.length < nodes.length) {
    const ordered = new Uint8Array(nodes.length);
    for (const index of order) ordered[index] = 1;
    nodes.forEach((node, index) => {
      if (!ordered[index]) errors.push({ code: "cycle", nodeId: node.id, message: `"${node.label}" is part of a cycle` });
    });
  }
  errors.push(...unreachableAfterDisabledTriggers(order, nodes, components, indexOf));

  if (errors.length > 0) return { ok: false, errors };
  const isOutput = (index: number, named: boolean) => nodes[index].mode === "normal" && (named ? components[index].namesRunOutput === true : !consumed[index]);
  const outputsNamed = order.some((index) => isOutput(index, true));
  const outputNodeIds = order.filter((index) => isOutput(index, outputsNamed)).map((index) => nodes[index].id);
  const { runTimeoutSeconds, maxConcurrentRuns } = graph.settings ?? {};
  const plan: CompiledWorkflow = {
    order: order.map((index) => nodes[index].id),
    nodes: Object.fromEntries(nodes.map((node) => [node.id, node])),
    outputNodeIds,
    ...(outputsNamed ? { outputsNamed: true } : {}),
    ...(runTimeoutSeconds ? { runTimeoutSeconds } : {}),
    ...(maxConcurrentRuns ? { maxConcurrentRuns } : {}),
  };
  return { ok: true, plan };
}

/** Who depends on whom, by node number: fills each node's `dependsOn` (once per dependency) and orders the nodes. */
class Dependencies {
  private readonly dependents: (number[] | undefined)[];
  constructor(private readonly nodes: CompiledNode[]) {
    this.dependents = new Array(nodes.length);
  }

  add(node: number, dependency: number): void {
    const { dependsOn } = this.nodes[node];
    const id = this.nodes[dependency].id;
    if (dependsOn.includes(id)) return;
    dependsOn.push(id);
    const list = this.dependents[dependency];
    if (list) list.push(node);
    else this.dependents[dependency] = [node];
  }

  /** Kahn's algorithm, stable in the graph's node order; nodes on a cycle are left out. */
  order(): number[] {
    const waitingOn = Int32Array.from(this.nodes, (node) => node.dependsOn.length);
    const order: number[] = [];
    waitingOn.forEach((count, index) => count === 0 && order.push(index));
    for (let next = 0; next < order.length; next++) {
      for (const dependent of this.dependents[order[next]] ?? []) {
        if (--waitingOn[dependent] === 0) order.push(dependent);
      }
    }
    return order;
  }
}

/**
 * The params a node uses: one whose every field is hidden by another param's value (the API key
 * of a provider not chosen, the expression of a Transform in template mode) is left out of the
 * plan, so its secret is neither required nor resolved.
 */
function usedParams(component: ComponentMeta, params: Record<string, unknown>): Record<string, unknown> {
  const { conditional } = shapeOf(component);
  if (conditional.size === 0) return params;
  const shown = (field: ComponentMeta["fields"][number]) => isFieldShown(field, (name) => params[name]);
  return Object.fromEntries(Object.entries(params).filter(([name]) => !conditional.has(name) || conditional.get(name)!.some(shown)));
}

/** What the compiler asks of a component for every node of its type, worked out once per component. */
type ComponentShape = {
  outputs: Set<string>;
  inputs: Set<string>;
  required: ComponentMeta["fields"];
  templated: ComponentMeta["fields"];
  /** Param name → its fields, for params whose every field shows only for some value of another param. */
  conditional: Map<string, ComponentMeta["fields"]>;
};
const shapes = new WeakMap<ComponentMeta, ComponentShape>();
function shapeOf(component: ComponentMeta): ComponentShape {
  let shape = shapes.get(component);
  if (!shape) {
    shape = {
      outputs: new Set(component.outputs.map((port) => port.name)),
      inputs: new Set(component.inputs.map((port) => port.name)),
      required: component.fields.filter((field) => field.required),
      templated: component.fields.filter(isTemplatedField),
      conditional: conditionalFields(component.fields),
    };
    shapes.set(component, shape);
  }
  return shape;
}

function conditionalFields(fields: ComponentMeta["fields"]): Map<string, ComponentMeta["fields"]> {
  const byName = new Map<string, ComponentMeta["fields"]>();
  for (const field of fields) byName.set(field.name, [...(byName.get(field.name) ?? []), field]);
  return new Map([...byName].filter(([, named]) => named.every((field) => field.visibleWhen)));
}

/**
 * The nodes a template name may mean (its id, its label, or its label as a name: referenceMatches'
 * three rules), looked up in constant time instead of scanning every node. Built on the first
 * lookup, so a workflow without templates never builds it.
 */
class ReferenceIndex {
  private byLabel?: Map<string, number[]>;
  private byName?: Map<string, number[]>;
  constructor(
    private readonly nodes: CompiledNode[],
    private readonly indexOf: Map<string, number>,
  ) {}

  candidates(name: string): number[] {
    if (!this.byLabel || !this.byName) this.build();
    const byId = this.indexOf.get(name);
    const matches = [...(this.byLabel!.get(name) ?? []), ...(this.byName!.get(referenceName(name)) ?? [])];
    if (byId !== undefined) matches.push(byId);
    return matches.length < 2 ? matches : [...new Set(matches)];
  }

  private build() {
    const [byLabel, byName] = [new Map<string, number[]>(), new Map<string, number[]>()];
    const add = (index: Map<string, number[]>, key: string, node: number) => {
      const list = index.get(key);
      if (!list) index.set(key, [node]);
      else list.push(node);
    };
    this.nodes.forEach((node, index) => {
      if (node.label !== node.id) add(byLabel, node.label, index); // a label equal to the id is found by id
      add(byName, referenceName(node.label), index);
    });
    [this.byLabel, this.byName] = [byLabel, byName];
  }
}

type PortsOf = (node: number) => string[];

/** `{{agent.txt}}` where the source has several outputs and none is called `txt`: nothing would ever fill it. */
function missingOutput(node: CompiledNode, field: { name: string; label: string }, name: string, path: string[], ports: string[], errors: CompileError[]) {
  if (ports.length < 2 || path.length === 0 || ports.includes(path[0])) return;
  errors.push({ code: "unknown-reference", nodeId: node.id, field: field.name, message: `${field.label} of "${node.label}" refers to {{${name}.${path.join(".")}}}, but that node has no output "${path[0]}" (it has ${ports.join(", ")})` });
}

/** Finds the node each template placeholder names and records it in `templateSources`; unknown names are errors. Returns the sources found, by number. */
function resolveTemplateSources(index: number, nodes: CompiledNode[], component: ComponentMeta, references: ReferenceIndex, portsOf: PortsOf, errors: CompileError[]): number[] {
  const node = nodes[index];
  const { templated } = shapeOf(component);
  if (templated.length === 0) return [];
  const found = new Map<string, number>();
  for (const field of templated) {
    for (const { node: name, path } of templateReferences(node.params[field.name])) {
      if (name === INPUT_REFERENCE) continue;
      const known = found.get(name);
      if (known !== undefined) {
        missingOutput(node, field, name, path, portsOf(known), errors);
        continue;
      }
      const at = { nodeId: node.id, field: field.name };
      const matches = references.candidates(name).filter((other) => other !== index);
      const source = matches.find((other) => nodes[other].id === name) ?? (matches.length === 1 ? matches[0] : undefined);
      if (source === undefined) {
        const why = matches.length > 1 ? `more than one node is called "${name}"` : `no node is called "${name}"`;
        errors.push({ code: "unknown-reference", ...at, message: `${field.label} of "${node.label}" refers to {{${name}}}, but ${why}` });
      } else if (nodes[source].mode === "tool") {
        errors.push({ code: "unknown-reference", ...at, message: `${field.label} of "${node.label}" refers to "${nodes[source].label}", which is in tool mode and has no output` });
      } else {
        found.set(name, source);
        missingOutput(node, field, name, path, portsOf(source), errors);
      }
    }
  }
  if (found.size > 0) node.templateSources = Object.fromEntries([...found].map(([name, source]) => [name, nodes[source].id]));
  return [...found.values()];
}

/** A trigger that is switched off never fires (lib/runs/run-trigger.ts). */
export const isDisabledTrigger = (component: ComponentMeta, params: Record<string, unknown>) => component.trigger !== undefined && params.enabled === false;

/** Nodes that only a disabled trigger leads to can never run: flagged, naming the node and the trigger. One pass in dependency order. */
function unreachableAfterDisabledTriggers(order: number[], nodes: CompiledNode[], components: ComponentMeta[], indexOf: Map<string, number>): CompileError[] {
  if (!components.some((component, index) => isDisabledTrigger(component, nodes[index].params))) return [];
  const reach: ({ live: boolean; disabled?: string } | undefined)[] = new Array(nodes.length);
  const errors: CompileError[] = [];
  for (const index of order) {
    const node = nodes[index];
    const component = components[index];
    if (component.trigger) {
      reach[index] = isDisabledTrigger(component, node.params) ? { live: false, disabled: node.label } : { live: true };
      continue;
    }
    const upstream = node.dependsOn.map((dependency) => reach[indexOf.get(dependency)!]).filter((state) => state !== undefined);
    const live = upstream.some((state) => state.live);
    const disabled = upstream.find((state) => state.disabled)?.disabled;
    if (upstream.length === 0 || live || !disabled) {
      if (upstream.length > 0) reach[index] = { live };
      continue;
    }
    reach[index] = { live: false, disabled };
    errors.push({ code: "unreachable", nodeId: node.id, message: `"${node.label}" can never run: the only trigger before it, "${disabled}", is disabled` });
  }
  return errors;
}
