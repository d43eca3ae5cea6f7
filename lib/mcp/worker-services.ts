/**
 * What a worker process runs for MCP besides its run and tool-call workers: a Worker on its own
 * queue (calls to the stdio servers it spawned), a heartbeat, and the reaper of process groups
 * left behind by workers that died.
 */
import { Worker } from "bullmq";
import { queueOptions, type ToolCallJobData, type ToolCallJobResult } from "../queue/queues";
import { sharedRedis } from "../queue/redis";
import { replyingProcessor } from "../queue/tool-call-replies";
import { beat, HEARTBEAT_TTL_SECONDS, reapOrphanedProcesses, stopBeating } from "./process-reaper";
import { ownerQueueName } from "./worker-identity";

export type McpWorkerServices = { worker: Worker<ToolCallJobData, ToolCallJobResult>; close: () => Promise<void> };

export async function startMcpWorkerServices(
  processor: (data: ToolCallJobData) => Promise<ToolCallJobResult>,
  concurrency: number,
  log: (message: string) => void,
): Promise<McpWorkerServices> {
  const redis = sharedRedis();
  await beat(redis);
  const reap = async () => {
    for (const reaped of await reapOrphanedProcesses(redis))
      log(`[mcp] reaped process group ${reaped.pgid} of run ${reaped.runId} (worker ${reaped.workerId} is gone)`);
  };
  await reap();
  const timer = setInterval(
    () => void Promise.all([beat(redis), reap()]).catch((error) => log(`[mcp] ${(error as Error).message}`)),
    (HEARTBEAT_TTL_SECONDS * 1000) / 3,
  );
  timer.unref();
  const worker = new Worker<ToolCallJobData, ToolCallJobResult>(ownerQueueName(), replyingProcessor(redis, processor), {
    ...queueOptions(ownerQueueName()),
    concurrency,
  });
  worker.on("error", (error) => log(`[${worker.name}] ${error.message}`));
  await worker.waitUntilReady();
  return {
    worker,
    close: async () => {
      clearInterval(timer);
      await worker.close();
      await stopBeating(redis).catch(() => undefined);
    },
  };
}
