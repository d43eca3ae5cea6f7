/** Validates a node's params against its component schema, strictly, with errors that name the node and the field. */
import type { z } from "zod";
import type { ComponentDefinition } from "../nodes/types";
import { describeIssues } from "../validation/describe-issues";

export class NodeParamsError extends Error {}

// Each component's schema, made strict once: a param it does not name fails the node, never rides along unread.
const strictSchemas = new WeakMap<ComponentDefinition, z.ZodObject>();
function strictSchemaOf(component: ComponentDefinition): z.ZodObject {
  let schema = strictSchemas.get(component);
  if (!schema) strictSchemas.set(component, (schema = component.params.strict()));
  return schema;
}

export function parseNodeParams(
  component: ComponentDefinition,
  label: string,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const parsed = strictSchemaOf(component).safeParse(values);
  if (parsed.success) return parsed.data;
  throw new NodeParamsError(`"${label}" has invalid params — ${describeIssues(parsed.error, "params")}`);
}
