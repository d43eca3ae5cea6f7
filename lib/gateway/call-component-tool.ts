/** The gateway's side of a component tool call: a job on `tool-calls`, answered on this process's reply channel. */
import { toolCallsQueue, type ToolCallJobData, type ToolCallJobResult } from "../queue/queues";
import { callThroughQueue } from "../queue/tool-call-replies";
import { errorResult } from "./error-result";

export const DEFAULT_TOOL_CALL_TIMEOUT_MS = 60_000;

export async function callComponentTool(
  data: ToolCallJobData,
  timeoutMs = DEFAULT_TOOL_CALL_TIMEOUT_MS,
): Promise<ToolCallJobResult> {
  try {
    return await callThroughQueue(toolCallsQueue(), data, timeoutMs);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return errorResult(`Tool ${data.toolName} failed: ${message}`);
  }
}
