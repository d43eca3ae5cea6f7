/** Runs one tool call that reached a worker: the kind of the registered tool says how (lib/tools/tool-kinds.ts). */
import type { Redis } from "ioredis";
import { errorResult } from "../gateway/error-result";
import type { ToolCallJobData, ToolCallJobResult } from "../queue/queues";
import { getRegisteredTool } from "../registry/registry";
import { TOOL_KINDS } from "../tools/tool-kinds";

export async function executeToolCall(redis: Redis, job: ToolCallJobData, signal: AbortSignal): Promise<ToolCallJobResult> {
  const registered = await getRegisteredTool(redis, job.runId, job.nodeId);
  if (!registered) return errorResult(`Tool ${job.toolName} is no longer registered in run ${job.runId}`);
  return TOOL_KINDS[registered.kind].execute(job, registered, signal);
}
