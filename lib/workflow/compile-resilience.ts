/**
 * The compiler's part of per-node resilience (resilience.ts): carries `data.retry` and
 * `data.onError` into the plan, checks them naming the node and field, and says which outputs a
 * node has once an `error` handle is added. Kept apart from compile.ts, which calls it from one line each.
 */
import type { ComponentMeta } from "../nodes/types";
import type { CompileError, CompiledNode } from "./compile";
import type { WorkflowNode } from "./graph";
import { NodeRetry, OnError } from "./resilience";
import { ERROR_HANDLE } from "./constants";

/** Copies the node's resilience settings into its compiled form; answers what is wrong with them. */
export function compileResilience(
  node: WorkflowNode,
  component: ComponentMeta,
  compiled: CompiledNode,
): CompileError[] {
  const { retry, onError } = node.data;
  const errors: CompileError[] = [];
  const at = (field: string, message: string): CompileError => ({
    code: "invalid-param",
    nodeId: node.id,
    field,
    message: `"${compiled.label}": ${field}: ${message}`,
  });
  if (retry !== undefined) {
    const parsed = NodeRetry.safeParse(retry);
    if (parsed.success) compiled.retry = parsed.data;
    else for (const issue of parsed.error.issues) errors.push(at(["retry", ...issue.path].join("."), issue.message));
  }
  if (onError === undefined || onError === "stop") return errors;
  if (!OnError.safeParse(onError).success)
    return [...errors, at("onError", OnError.safeParse(onError).error!.issues[0].message)];
  if (node.data.mode === "tool")
    return [
      ...errors,
      at("onError", 'a tool-mode node\'s errors go back to the model that called it; only "stop" applies'),
    ];
  if (component.outputs.some((port) => port.name === ERROR_HANDLE))
    return [...errors, at("onError", `${component.label} already has an output called "${ERROR_HANDLE}"`)];
  compiled.onError = onError;
  return errors;
}

/**
 * Whether the node has this output: one of its component's ports, or the `error` handle of a node set to `errorOutput`.
 */
export const hasErrorHandle = (node: CompiledNode, handle: string) =>
  handle === ERROR_HANDLE && node.onError === "errorOutput";

/** The outputs templates may read from a node: its ports, plus `error` when a failure is handed on. */
export const readableOutputs = (node: CompiledNode, ports: Iterable<string>): string[] =>
  node.onError ? [...ports, ERROR_HANDLE] : [...ports];
