/**
 * The output handles of one node: its component's ports, plus, for a component whose answer has a
 * schema (a model node's structured output), the schema's top-level fields. The compiler, the
 * worker's templates and the editor's handles all ask here, so a field is a handle everywhere.
 */
import { outputSchemaPorts } from "../agent/output-schema";
import type { ComponentMeta, PortDefinition } from "../nodes/types";

export function nodeOutputPorts(
  component: Pick<ComponentMeta, "outputs" | "schemaOutputsParam">,
  params: Record<string, unknown> | undefined,
): PortDefinition[] {
  if (!component.schemaOutputsParam) return component.outputs;
  const added = outputSchemaPorts(params?.[component.schemaOutputsParam]);
  return added.length === 0 ? component.outputs : [...component.outputs, ...added];
}

/** The names of a node's output handles. */
export const nodeOutputNames = (
  component: Pick<ComponentMeta, "outputs" | "schemaOutputsParam">,
  params: Record<string, unknown> | undefined,
): string[] => nodeOutputPorts(component, params).map((port) => port.name);
