/**
 * The gateway's side of an MCP tool call: a stdio server's call goes to the queue of the worker
 * that owns its process (`ownerQueue`), an HTTP server's to any worker on `tool-calls`. The wait
 * is the node's call timeout plus a margin, so a dead owner ends in a clear error, not a hang.
 */
import { Queue } from "bullmq";
import { queueOptions, TOOL_CALLS_QUEUE, type ToolCallJobData, type ToolCallJobResult } from "../queue/queues";
import { callThroughQueue } from "../queue/tool-call-replies";
import type { RegisteredTool } from "../registry/registry";
import { errorResult } from "./error-result";

const QUEUE_MARGIN_MS = 5_000;
/** Owner queues change as workers restart: keep the most recently used few open, close the rest. */
const MAX_OPEN_QUEUES = 16;
type Handles = Map<string, Queue<ToolCallJobData>>;
const handles = ((globalThis as unknown as { switchboardMcpQueues?: Handles }).switchboardMcpQueues ??= new Map());

function queueFor(name: string): Queue<ToolCallJobData> {
  let queue = handles.get(name);
  if (queue)
    handles.delete(name); // re-inserted below as the most recently used
  else
    queue = new Queue<ToolCallJobData>(name, {
      ...queueOptions(name),
      defaultJobOptions: { attempts: 1, removeOnComplete: 1000, removeOnFail: 1000 },
    });
  handles.set(name, queue);
  for (const [oldest, stale] of handles) {
    if (handles.size <= MAX_OPEN_QUEUES) break;
    handles.delete(oldest);
    void stale.close().catch(() => undefined);
  }
  return queue;
}

export async function callMcpTool(registered: RegisteredTool, data: ToolCallJobData): Promise<ToolCallJobResult> {
  const queue = queueFor(registered.ownerQueue ?? TOOL_CALLS_QUEUE);
  const timeoutMs = (registered.callTimeoutMs ?? 60_000) + QUEUE_MARGIN_MS;
  try {
    return await callThroughQueue(queue, data, timeoutMs);
  } catch (error) {
    const reason = registered.ownerQueue ? " (the worker that runs this stdio server may have stopped)" : "";
    return errorResult(
      `MCP tool ${data.toolName} of "${registered.toolName}" failed: ${(error as Error).message}${reason}`,
    );
  }
}
