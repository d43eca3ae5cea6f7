/** Runs one tool call that reached a worker: the kind of the tool the gateway found says how (lib/tools/tool-kinds.ts). */
import type { ToolCallJobData, ToolCallJobResult } from "../queue/queues";
import { TOOL_KINDS } from "../tools/tool-kinds";

export function executeToolCall(job: ToolCallJobData, signal: AbortSignal): Promise<ToolCallJobResult> {
  return TOOL_KINDS[job.target.kind].execute(job, signal);
}
