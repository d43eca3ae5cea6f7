/**
 * What a node's failure becomes when its `data.onError` hands it on instead of failing the run:
 * `continue` puts `{ error: { message, nodeId } }` on every output port (whatever is wired next
 * receives it) and the error itself under `error`; `errorOutput` feeds only the `error` handle, so
 * only the branch wired to it runs (skip-rule.ts). Pure.
 */
import { statusOf } from "../net/http-status-error";
import type { NodeOutput } from "../nodes/types";
import type { CompiledNode } from "../workflow/compile";
import type { NodeErrorValue } from "../workflow/resilience";
import { ERROR_HANDLE } from "../workflow/constants";

/** The output a failed node hands on, or null when its failure stops the run. `message` is already redacted. */
export function handedOnError(
  node: CompiledNode,
  message: string,
  cause: unknown,
  ports: readonly string[],
): NodeOutput | null {
  if (!node.onError) return null;
  const status = statusOf(cause);
  const error: NodeErrorValue = { message, nodeId: node.id, ...(status === undefined ? {} : { status }) };
  if (node.onError === "errorOutput") return { [ERROR_HANDLE]: error };
  return { ...Object.fromEntries(ports.map((port) => [port, { error }])), [ERROR_HANDLE]: error };
}

/** A node with an error handle that succeeded hands on its normal outputs only, so its error branch is not taken. */
export function withoutErrorHandle(node: CompiledNode, output: NodeOutput): NodeOutput {
  if (node.onError !== "errorOutput" || !(ERROR_HANDLE in output)) return output;
  const { [ERROR_HANDLE]: _dropped, ...rest } = output;
  return rest;
}
