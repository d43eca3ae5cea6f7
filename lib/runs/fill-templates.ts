/**
 * Fills a node's templated params (`{{nodeLabel.port}}`, `{{input}}`) from the outputs of the nodes before it, and
 * `{{vars.NAME}}` from the variables; a variable that does not exist fails the node, naming it.
 */
import { isTemplatedField, type ComponentMeta, type NodeOutput } from "../nodes/types";
import type { CompiledWorkflow, CompiledNode } from "../workflow/compile";
import { INPUT_REFERENCE, VARIABLES_REFERENCE, lookupReference, renderTemplate } from "../workflow/template";

export function fillTemplates(
  plan: CompiledWorkflow,
  node: CompiledNode,
  component: ComponentMeta,
  params: Record<string, unknown>,
  outputs: ReadonlyMap<string, NodeOutput>,
  /** The output handles of a source node, by id. */
  portsOf: (nodeId: string) => string[],
  variables: Readonly<Record<string, string>> = {},
): Record<string, unknown> {
  const resolve = (reference: { node: string; path: string[] }) => {
    if (reference.node === VARIABLES_REFERENCE) return variable(variables, reference.path[0], node.label);
    if (reference.node === INPUT_REFERENCE)
      return lookupReference(reference, { output: { input: params.input }, ports: ["input"] });
    const sourceId = node.templateSources?.[reference.node];
    if (!sourceId) return undefined;
    return lookupReference(reference, { output: outputs.get(sourceId), ports: portsOf(sourceId) });
  };
  const filled = { ...params };
  for (const field of component.fields.filter(isTemplatedField)) {
    if (filled[field.name] === undefined) continue;
    const value = renderTemplate(filled[field.name], resolve);
    const wantsText = field.kind === "template" || field.kind === "prompt";
    filled[field.name] =
      wantsText && typeof value !== "string"
        ? value === undefined || value === null
          ? ""
          : JSON.stringify(value)
        : value;
  }
  return filled;
}

function variable(variables: Readonly<Record<string, string>>, name: string, label: string): string {
  if (Object.hasOwn(variables, name)) return variables[name];
  throw new Error(`"${label}" uses {{vars.${name}}}, but there is no variable ${name}: add it under Variables`);
}
