/** Validates a node's params against its component schema, with errors that name the node and the field. */
import type { z } from "zod";
import type { ComponentDefinition } from "../nodes/types";

export class NodeParamsError extends Error {}

export function parseNodeParams(component: ComponentDefinition, label: string, values: Record<string, unknown>): Record<string, unknown> {
  const parsed = component.params.safeParse(values);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue: z.core.$ZodIssue) => `${issue.path.join(".") || "params"}: ${issue.message}`);
  throw new NodeParamsError(`"${label}" has invalid params — ${problems.join("; ")}`);
}
