/** How a tool-mode component looks to an agent: its tool name and the JSON Schema of the arguments it fills. */
import type { CompiledNode } from "../workflow/compile";
import type { ComponentMeta, JsonSchema } from "../nodes/types";
import { toolNameFromLabel } from "../workflow/tool-fields";

/**
 * The node's own tool name when it has one; else, as graphs saved before tool names were a field
 * read, `http_request` for a node still called "HTTP Request" and a renamed node named after its label.
 */
export function toolNameFor(
  node: Pick<CompiledNode, "label" | "toolName">,
  component: Pick<ComponentMeta, "label" | "tool">,
): string {
  if (node.toolName) return node.toolName;
  const name = node.label === component.label ? component.tool!.name : toolNameFromLabel(node.label);
  return name || component.tool!.name;
}

export function toolInputSchema(
  node: Pick<CompiledNode, "agentInputs" | "inputs">,
  component: ComponentMeta,
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const name of node.agentInputs) {
    if (node.inputs[name]) continue; // bound by an upstream edge, not the agent's to fill
    const port = component.inputs.find((p) => p.name === name);
    const field = component.fields.find((f) => f.name === name);
    properties[name] = {
      ...(port?.schema ?? { type: "string" }),
      ...(port?.label && !port.schema?.description ? { description: port.label } : {}),
    };
    if (field?.required) required.push(name);
  }
  return { type: "object", properties, required, additionalProperties: false };
}
