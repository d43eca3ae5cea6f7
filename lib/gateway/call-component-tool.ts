/** The gateway's side of a component tool call: a job on `tool-calls`, awaited until a worker returns its result. */
import { toolCallEvents, toolCallsQueue, type ToolCallJobData, type ToolCallJobResult } from "../queue/queues";

export const DEFAULT_TOOL_CALL_TIMEOUT_MS = 60_000;

export async function callComponentTool(data: ToolCallJobData, timeoutMs = DEFAULT_TOOL_CALL_TIMEOUT_MS): Promise<ToolCallJobResult> {
  const events = await toolCallEvents();
  const job = await toolCallsQueue().add("call", data);
  try {
    return (await job.waitUntilFinished(events, timeoutMs)) as ToolCallJobResult;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { content: [{ type: "text", text: `Tool ${data.toolName} failed: ${message}` }], isError: true };
  }
}
