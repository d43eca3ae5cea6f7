/**
 * The compiler's checking phases: params, what a node needs wired, templates, and the order (cycles, unreachable
 * nodes).
 */
import { validateWorkflowMcpServers } from "../mcp/validate-node-params";
import { paramValidatorFor } from "../nodes/param-validators";
import type { ComponentMeta } from "../nodes/types";
import type { CompileError, CompiledNode } from "./compile";
import type { CompileState } from "./compile-nodes";
import { readableOutputs } from "./compile-resilience";
import { shapeOf } from "./component-shape";
import { nodeOutputNames } from "./node-outputs";
import { ReferenceIndex, resolveTemplateSources, type PortsOf } from "./template-sources";

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

/** Required params with no value (nor an input or the agent to fill them), then each component's own checks. */
export function checkParams({ graph, nodes, components, errors }: CompileState): void {
  nodes.forEach((node, index) => {
    for (const field of shapeOf(components[index]).required) {
      if (!isEmpty(node.params[field.name])) continue;
      if (node.inputs[field.name] || node.agentInputs.includes(field.name)) continue;
      errors.push({
        code: "missing-param",
        nodeId: node.id,
        field: field.name,
        message: `"${node.label}" needs a value for ${field.label}`,
      });
    }
  });
  const refusedParams = new Set(errors.filter((error) => error.code === "unknown-param").map((error) => error.nodeId));
  for (const node of nodes) {
    if (refusedParams.has(node.id)) continue; // its own checks would only say the same again
    const problems =
      paramValidatorFor(node.type)?.(node.params, { label: node.label, mcpServers: graph.mcpServers }) ?? [];
    for (const { field, message } of problems) errors.push({ code: "invalid-param", nodeId: node.id, field, message });
  }
  for (const { message } of validateWorkflowMcpServers(graph.mcpServers))
    errors.push({ code: "invalid-mcp-server", message });
}

/** Tools and inputs a node cannot do without, and the nodes its templates read from (they become dependencies). */
export function checkWiring(state: CompileState): void {
  const { nodes, components, errors, indexOf } = state;
  const references = new ReferenceIndex(nodes, indexOf);
  const portsOf: PortsOf = (index) =>
    readableOutputs(nodes[index], nodeOutputNames(components[index], nodes[index].params));
  nodes.forEach((node, index) => {
    const component = components[index];
    if (component.requiresTool && node.mode === "normal" && node.connectedToolNodeIds.length === 0) {
      errors.push({
        code: "missing-tool",
        nodeId: node.id,
        message: `"${node.label}" needs a tool wired into its tools handle`,
      });
    }
    if (component.requiresInput && Object.keys(node.inputs).length === 0) {
      errors.push({
        code: "missing-input",
        nodeId: node.id,
        message: `"${node.label}" has nothing to work on: wire at least one of its inputs`,
      });
    }
    for (const sourceIndex of resolveTemplateSources(index, nodes, component, references, portsOf, errors)) {
      state.dependencies.add(index, sourceIndex);
      state.consumed[sourceIndex] = 1;
    }
  });
}

/** The nodes in dependency order; nodes on a cycle, and nodes only a disabled trigger leads to, are errors. */
export function orderNodes({ nodes, components, indexOf, dependencies, errors }: CompileState): number[] {
  const order = dependencies.order();
  if (order.length < nodes.length) {
    const ordered = new Uint8Array(nodes.length);
    for (const index of order) ordered[index] = 1;
    nodes.forEach((node, index) => {
      if (!ordered[index])
        errors.push({ code: "cycle", nodeId: node.id, message: `"${node.label}" is part of a cycle` });
    });
  }
  errors.push(...unreachableAfterDisabledTriggers(order, nodes, components, indexOf));
  return order;
}

/** A trigger that is switched off never fires (lib/runs/run-trigger.ts). */
export const isDisabledTrigger = (component: ComponentMeta, params: Record<string, unknown>) =>
  component.trigger !== undefined && params.enabled === false;

/**
 * Nodes that only a disabled trigger leads to can never run: flagged, naming the node and the trigger. One pass in
 * dependency order.
 */
function unreachableAfterDisabledTriggers(
  order: number[],
  nodes: CompiledNode[],
  components: ComponentMeta[],
  indexOf: Map<string, number>,
): CompileError[] {
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
    const upstream = node.dependsOn
      .map((dependency) => reach[indexOf.get(dependency)!])
      .filter((state) => state !== undefined);
    const live = upstream.some((state) => state.live);
    const disabled = upstream.find((state) => state.disabled)?.disabled;
    if (upstream.length === 0 || live || !disabled) {
      if (upstream.length > 0) reach[index] = { live };
      continue;
    }
    reach[index] = { live: false, disabled };
    errors.push({
      code: "unreachable",
      nodeId: node.id,
      message: `"${node.label}" can never run: the only trigger before it, "${disabled}", is disabled`,
    });
  }
  return errors;
}
