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
};

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
  const nodes = new Map<string, CompiledNode>();
  const components = new Map<string, ComponentMeta>();

  for (const node of graph.nodes) {
    if (nodes.has(node.id)) {
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
    const params = usedParams(component, { ...component.defaults, ...node.data.params });
    if (options.hostTools === false && usesHost(component, params, graph.mcpServers)) {
      errors.push({ code: "host-access-disabled", nodeId: node.id, message: hostAccessMessage(node.data.label || component.label, component.label) });
    }
    components.set(node.id, component);
    nodes.set(node.id, {
      id: node.id,
      type: node.type,
      label: node.data.label || component.label,
      mode: node.data.mode,
      params,
      inputs: {},
      dependsOn: [],
      connectedToolNodeIds: [],
      agentInputs: node.data.mode === "tool" ? (node.data.toolConfig?.exposedInputIds ?? component.tool?.agentInputs ?? []) : [],
      ...(node.data.timeoutSeconds ? { timeoutSeconds: node.data.timeoutSeconds } : {}),
    });
  }

  const seenEdgeIds = new Set<string>();
  const seenConnections = new Set<string>();
  const consumed = new Set<string>();
  for (const edge of graph.edges) {
    const at = { edgeId: edge.id };
    if (seenEdgeIds.has(edge.id)) {
      errors.push({ code: "duplicate-id", ...at, message: `Edge id "${edge.id}" is used by more than one edge` });
      continue;
    }
    seenEdgeIds.add(edge.id);
    const source = nodes.get(edge.source);
    const target = nodes.get(edge.target);
    if (!source || !target) {
      const missing = !source ? edge.source : edge.target;
      errors.push({ code: "dangling-edge", ...at, message: `Edge points at node "${missing}", which does not exist` });
      continue;
    }
    const connection = `${edge.source}:${edge.sourceHandle}->${edge.target}:${edge.targetHandle}`;
    if (seenConnections.has(connection)) {
      errors.push({ code: "duplicate-edge", ...at, message: `The same connection from "${source.label}" to "${target.label}" exists twice` });
      continue;
    }
    seenConnections.add(connection);
    const sourceComponent = components.get(source.id)!;
    const targetComponent = components.get(target.id)!;

    if (edge.sourceHandle === TOOL_HANDLE || edge.targetHandle === TOOLS_HANDLE) {
      if (edge.sourceHandle !== TOOL_HANDLE) {
        errors.push({ code: "tool-edge-source", ...at, nodeId: source.id, message: `Only a tool handle can feed the tools handle of "${target.label}"` });
      } else if (source.mode !== "tool") {
        errors.push({ code: "tool-edge-source", ...at, nodeId: source.id, message: `"${source.label}" must be in tool mode to be wired as a tool` });
      } else if (edge.targetHandle !== TOOLS_HANDLE || !targetComponent.acceptsTools) {
        errors.push({ code: "tool-edge-target", ...at, nodeId: target.id, message: `A tool can only be wired into an agent's tools handle, not "${target.label}".${edge.targetHandle}` });
      } else {
        target.connectedToolNodeIds.push(source.id);
        target.dependsOn.push(source.id);
      }
      continue;
    }

    if (source.mode === "tool") {
      errors.push({ code: "data-edge-from-tool", ...at, nodeId: source.id, message: `"${source.label}" is in tool mode: its only output is the tool handle` });
      continue;
    }
    if (!shapeOf(sourceComponent).outputs.has(edge.sourceHandle)) {
      errors.push({ code: "unknown-handle", ...at, nodeId: source.id, message: `"${source.label}" has no output "${edge.sourceHandle}"` });
      continue;
    }
    if (!shapeOf(targetComponent).inputs.has(edge.targetHandle)) {
      errors.push({ code: "unknown-handle", ...at, nodeId: target.id, message: `"${target.label}" has no input "${edge.targetHandle}"` });
      continue;
    }
    const wants = targetComponent.inputs.find((port) => port.name === edge.targetHandle)?.schema?.type;
    const gives = sourceComponent.outputs.find((port) => port.name === edge.sourceHandle)?.schema?.type;
    if (wants === "array" && gives !== undefined && gives !== "array") {
      errors.push({ code: "type-mismatch", ...at, nodeId: target.id, field: edge.targetHandle, message: `"${target.label}" needs a list on ${edge.targetHandle}, but "${source.label}".${edge.sourceHandle} is a ${gives}` });
      continue;
    }
    if (target.inputs[edge.targetHandle]) {
      errors.push({ code: "input-already-connected", ...at, nodeId: target.id, message: `Input "${edge.targetHandle}" of "${target.label}" is already connected` });
      continue;
    }
    target.inputs[edge.targetHandle] = { nodeId: source.id, port: edge.sourceHandle };
    if (!target.dependsOn.includes(source.id)) target.dependsOn.push(source.id);
    consumed.add(source.id);
  }

  for (const node of nodes.values()) {
    for (const field of shapeOf(components.get(node.id)!).required) {
      if (!isEmpty(node.params[field.name])) continue;
      if (node.inputs[field.name] || node.agentInputs.includes(field.name)) continue;
      errors.push({ code: "missing-param", nodeId: node.id, field: field.name, message: `"${node.label}" needs a value for ${field.label}` });
    }
  }

  for (const node of nodes.values()) {
    for (const { field, message } of paramValidatorFor(node.type)?.(node.params, { label: node.label, mcpServers: graph.mcpServers }) ?? []) {
      errors.push({ code: "invalid-param", nodeId: node.id, field, message });
    }
  }
  for (const { message } of validateWorkflowMcpServers(graph.mcpServers)) errors.push({ code: "invalid-mcp-server", message });

  const references = referenceIndex([...nodes.values()]);
  const portsOf: PortsOf = (nodeId) => [...shapeOf(components.get(nodeId)!).outputs];
  for (const node of nodes.values()) {
    const component = components.get(node.id)!;
    if (component.requiresTool && node.mode === "normal" && node.connectedToolNodeIds.length === 0) {
      errors.push({ code: "missing-tool", nodeId: node.id, message: `"${node.label}" needs a tool wired into its tools handle` });
    }
    if (component.requiresInput && Object.keys(node.inputs).length === 0) {
      errors.push({ code: "missing-input", nodeId: node.id, message: `"${node.label}" has nothing to work on: wire at least one of its inputs` });
    }
    resolveTemplateSources(node, component, references, portsOf, errors);
  }

  const order = topologicalOrder([...nodes.values()]);
  const ordered = new Set(order);
  for (const node of nodes.values()) {
    if (!ordered.has(node.id)) {
      errors.push({ code: "cycle", nodeId: node.id, message: `"${node.label}" is part of a cycle` });
    }
  }
  errors.push(...unreachableAfterDisabledTriggers(order, nodes, components));

  if (errors.length > 0) return { ok: false, errors };
  for (const node of nodes.values()) Object.values(node.templateSources ?? {}).forEach((id) => consumed.add(id));
  const named = order.filter((id) => nodes.get(id)!.mode === "normal" && components.get(id)!.namesRunOutput);
  const outputNodeIds = named.length > 0 ? named : order.filter((id) => nodes.get(id)!.mode === "normal" && !consumed.has(id));
  const runTimeoutSeconds = graph.settings?.runTimeoutSeconds;
  const plan: CompiledWorkflow = { order, nodes: Object.fromEntries(nodes), outputNodeIds, ...(named.length > 0 ? { outputsNamed: true } : {}), ...(runTimeoutSeconds ? { runTimeoutSeconds } : {}) };
  return { ok: true, plan };
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

/** The nodes a template name may mean (by id, label, or label as a name), looked up in constant time instead of scanning every node. */
function referenceIndex(all: CompiledNode[]): (name: string) => CompiledNode[] {
  const index = new Map<string, CompiledNode[]>();
  const add = (key: string, node: CompiledNode) => {
    const list = index.get(key);
    if (!list) index.set(key, [node]);
    else if (!list.includes(node)) list.push(node);
  };
  for (const node of all) {
    add(`id:${node.id}`, node);
    add(`label:${node.label}`, node);
    add(`name:${referenceName(node.label)}`, node);
  }
  // Each key matches by construction (referenceMatches' three rules), so a lookup only merges them.
  return (name) => {
    const byId = index.get(`id:${name}`) ?? [];
    const byLabel = index.get(`label:${name}`) ?? [];
    const byName = index.get(`name:${referenceName(name)}`) ?? [];
    if (byLabel.length === 0 && byName.length === 0) return byId;
    return [...new Set([...byId, ...byLabel, ...byName])];
  };
}

type PortsOf = (nodeId: string) => string[];

/** `{{agent.txt}}` where the source has several outputs and none is called `txt`: nothing would ever fill it. */
function missingOutput(node: CompiledNode, field: { name: string; label: string }, name: string, path: string[], ports: string[], errors: CompileError[]) {
  if (ports.length < 2 || path.length === 0 || ports.includes(path[0])) return;
  errors.push({ code: "unknown-reference", nodeId: node.id, field: field.name, message: `${field.label} of "${node.label}" refers to {{${name}.${path.join(".")}}}, but that node has no output "${path[0]}" (it has ${ports.join(", ")})` });
}

/** Finds the node each template placeholder names and makes it a dependency; unknown names are errors. */
function resolveTemplateSources(node: CompiledNode, component: ComponentMeta, candidates: (name: string) => CompiledNode[], portsOf: PortsOf, errors: CompileError[]): void {
  for (const field of shapeOf(component).templated) {
    for (const { node: name, path } of templateReferences(node.params[field.name])) {
      if (name === INPUT_REFERENCE) continue;
      const known = node.templateSources?.[name];
      if (known) {
        missingOutput(node, field, name, path, portsOf(known), errors);
        continue;
      }
      const at = { nodeId: node.id, field: field.name };
      const matches = candidates(name).filter((other) => other.id !== node.id);
      const source = matches.find((other) => other.id === name) ?? (matches.length === 1 ? matches[0] : undefined);
      if (!source) {
        const why = matches.length > 1 ? `more than one node is called "${name}"` : `no node is called "${name}"`;
        errors.push({ code: "unknown-reference", ...at, message: `${field.label} of "${node.label}" refers to {{${name}}}, but ${why}` });
      } else if (source.mode === "tool") {
        errors.push({ code: "unknown-reference", ...at, message: `${field.label} of "${node.label}" refers to "${source.label}", which is in tool mode and has no output` });
      } else {
        node.templateSources = { ...node.templateSources, [name]: source.id };
        if (!node.dependsOn.includes(source.id)) node.dependsOn.push(source.id);
        missingOutput(node, field, name, path, portsOf(source.id), errors);
      }
    }
  }
}

/** A trigger that is switched off never fires (lib/runs/run-trigger.ts). */
export const isDisabledTrigger = (component: ComponentMeta, params: Record<string, unknown>) => component.trigger !== undefined && params.enabled === false;

/** Nodes that only a disabled trigger leads to can never run: flagged, naming the node and the trigger. One pass in dependency order. */
function unreachableAfterDisabledTriggers(order: string[], nodes: Map<string, CompiledNode>, components: Map<string, ComponentMeta>): CompileError[] {
  const reach = new Map<string, { live: boolean; disabled?: string }>();
  const errors: CompileError[] = [];
  for (const id of order) {
    const node = nodes.get(id)!;
    const component = components.get(id)!;
    if (component.trigger) {
      reach.set(id, isDisabledTrigger(component, node.params) ? { live: false, disabled: node.label } : { live: true });
      continue;
    }
    const upstream = node.dependsOn.map((dependency) => reach.get(dependency)).filter((state) => state !== undefined);
    const live = upstream.some((state) => state.live);
    const disabled = upstream.find((state) => state.disabled)?.disabled;
    if (upstream.length === 0 || live || !disabled) {
      if (upstream.length > 0) reach.set(id, { live });
      continue;
    }
    reach.set(id, { live: false, disabled });
    errors.push({ code: "unreachable", nodeId: id, message: `"${node.label}" can never run: the only trigger before it, "${disabled}", is disabled` });
  }
  return errors;
}

/** Kahn's algorithm, stable in the graph's node order; nodes on a cycle are left out. */
function topologicalOrder(nodes: CompiledNode[]): string[] {
  const remaining = new Map(nodes.map((node) => [node.id, new Set(node.dependsOn)]));
  const dependents = new Map<string, string[]>();
  for (const node of nodes) {
    for (const dep of node.dependsOn) {
      const list = dependents.get(dep);
      if (list) list.push(node.id);
      else dependents.set(dep, [node.id]);
    }
  }
  const ready = nodes.filter((node) => node.dependsOn.length === 0).map((node) => node.id);
  const order: string[] = [];
  for (let next = 0; next < ready.length; next++) {
    const id = ready[next];
    order.push(id);
    for (const next of dependents.get(id) ?? []) {
      const deps = remaining.get(next)!;
      deps.delete(id);
      if (deps.size === 0) ready.push(next);
    }
  }
  return order;
}
