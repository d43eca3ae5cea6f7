/**
 * The gateway's side of an MCP tool call: a stdio server's call goes to the queue of the worker
 * that owns its process (`ownerQueue`), an HTTP server's to any worker on `tool-calls`. The wait
 * is the node's call timeout plus a margin, so a dead owner ends in a clear error, not a hang.
 */
import { Queue, QueueEvents } from "bullmq";
import { queueConnection, TOOL_CALLS_QUEUE, type ToolCallJobData, type ToolCallJobResult } from "../queue/queues";
import type { RegisteredTool } from "../registry/registry";

const QUEUE_MARGIN_MS = 5_000;
/** Owner queues change as workers restart: keep the most recently used few open, close the rest. */
const MAX_OPEN_QUEUES = 16;
type Handles = Map<string, { queue: Queue<ToolCallJobData>; events: Promise<QueueEvents> }>;
const handles = ((globalThis as unknown as { switchboardMcpQueues?: Handles }).switchboardMcpQueues ??= new Map());

function queueFor(name: string) {
  let entry = handles.get(name);
  if (entry) handles.delete(name); // re-inserted below as the most recently used
  else {
    const events = new QueueEvents(name, { connection: queueConnection() });
    entry = {
      queue: new Queue<ToolCallJobData>(name, { connection: queueConnection(), defaultJobOptions: { attempts: 1, removeOnComplete: 1000, removeOnFail: 1000 } }),
      events: events.waitUntilReady().then(() => events),
    };
  }
  handles.set(name, entry);
  for (const [oldest, stale] of handles) {
    if (handles.size <= MAX_OPEN_QUEUES) break;
    handles.delete(oldest);
    void stale.queue.close().catch(() => undefined);
    void stale.events.then((events: QueueEvents) => events.close()).catch(() => undefined);
  }
  return entry;
}

export async function callMcpTool(registered: RegisteredTool, data: ToolCallJobData): Promise<ToolCallJobResult> {
  const { queue, events } = queueFor(registered.ownerQueue ?? TOOL_CALLS_QUEUE);
  const timeoutMs = (registered.callTimeoutMs ?? 60_000) + QUEUE_MARGIN_MS;
  const job = await queue.add("call", data);
  try {
    return (await job.waitUntilFinished(await events, timeoutMs)) as ToolCallJobResult;
  } catch (error) {
    await job.remove().catch(() => undefined); // nobody may ever take it (a dead owner's queue)
    const reason = registered.ownerQueue ? " (the worker that runs this stdio server may have stopped)" : "";
    return { content: [{ type: "text", text: `MCP tool ${data.toolName} of "${registered.toolName}" failed: ${(error as Error).message}${reason}` }], isError: true };
  }
}
