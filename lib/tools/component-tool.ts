/** How a tool-mode component looks to an agent: its tool name and the JSON Schema of the arguments it fills. */
import type { CompiledNode } from "../workflow/compile";
import type { ComponentMeta, JsonSchema } from "../nodes/types";

/** `http_request` for a node still called "HTTP Request"; a renamed node is named after its label. */
export function toolNameFor(
  node: Pick<CompiledNode, "label">,
  component: Pick<ComponentMeta, "label" | "tool">,
): string {
  const fromLabel = (label: string) =>
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 64);
  const name = node.label === component.label ? component.tool!.name : fromLabel(node.label);
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
