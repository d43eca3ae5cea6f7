/** Validates a node's params against its component schema, with errors that name the node and the field. */
import type { ComponentDefinition } from "../nodes/types";
import { describeIssues } from "../validation/describe-issues";

export class NodeParamsError extends Error {}

export function parseNodeParams(component: ComponentDefinition, label: string, values: Record<string, unknown>): Record<string, unknown> {
  const parsed = component.params.safeParse(values);
  if (parsed.success) return parsed.data;
  throw new NodeParamsError(`"${label}" has invalid params — ${describeIssues(parsed.error, "params")}`);
}
