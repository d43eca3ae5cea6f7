/**
 * Runs one tool call that reached a worker: the kind of the tool the gateway found says how
 * (lib/tools/tool-kinds.ts). A component call retries inside, where its error (and an HTTP
 * Retry-After) is at hand; other kinds' error results are retried here, as the node's `data.retry` says.
 */
import type { ToolCallJobData, ToolCallJobResult } from "../queue/queues";
import { retryingToolCall } from "../tools/tool-call-retries";
import { TOOL_KINDS } from "../tools/tool-kinds";
import { NODE_ID, RUN_ID, toolCallAttributes, toolCallSpanName } from "../telemetry/gen-ai";
import { contextFrom, inSpan, markFailed, SpanKind } from "../telemetry/spans";

/** Runs the call in a span of the run's trace (the gateway's, carried in the job), failed when the tool says so. */
export function executeToolCall(job: ToolCallJobData, signal: AbortSignal): Promise<ToolCallJobResult> {
  const attributes = { ...toolCallAttributes(job.toolName, job.callId), [RUN_ID]: job.runId, [NODE_ID]: job.nodeId };
  const options = { kind: SpanKind.CONSUMER, attributes, parent: contextFrom(job.traceparent) };
  return inSpan(toolCallSpanName(job.toolName), options, async (span) => {
    const result = await runToolCall(job, signal);
    if (result.isError) markFailed(span, "the tool answered with an error");
    return result;
  });
}

function runToolCall(job: ToolCallJobData, signal: AbortSignal): Promise<ToolCallJobResult> {
  const kind = TOOL_KINDS[job.target.kind];
  if (job.target.kind === "component") return kind.execute(job, signal);
  return retryingToolCall(job, signal, () => kind.execute(job, signal));
}
