/**
 * Runs one tool call that reached a worker: the kind of the tool the gateway found says how
 * (lib/tools/tool-kinds.ts). A component call retries inside, where its error (and an HTTP
 * Retry-After) is at hand; other kinds' error results are retried here, as the node's `data.retry` says.
 */
import type { ToolCallJobData, ToolCallJobResult } from "../queue/queues";
import { retryingToolCall } from "../tools/tool-call-retries";
import { TOOL_KINDS } from "../tools/tool-kinds";

export function executeToolCall(job: ToolCallJobData, signal: AbortSignal): Promise<ToolCallJobResult> {
  const kind = TOOL_KINDS[job.target.kind];
  if (job.target.kind === "component") return kind.execute(job, signal);
  return retryingToolCall(job, signal, () => kind.execute(job, signal));
}
