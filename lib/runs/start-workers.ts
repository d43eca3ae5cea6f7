/**
 * The BullMQ Workers of a worker process: one for `runs` and one for `tool-calls`, each with its
 * own concurrency, so an agent waiting on a tool call never starves the worker that executes it.
 */
import { Worker } from "bullmq";
import { queueConnection, RUNS_QUEUE, TOOL_CALLS_QUEUE, type RunJobData, type ToolCallJobData, type ToolCallJobResult } from "../queue/queues";
import { sharedRedis } from "../queue/redis";
import { executeRun } from "./execute-run";
import { executeToolCall } from "./execute-tool-call";
import { childSignal } from "../platform/child-signal";
import { startMcpWorkerServices } from "../mcp/worker-services";

/** Runs a job with its own abort signal tied to the worker's shutdown. */
async function withJobSignal<T>(shutdown: AbortSignal, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const { signal, dispose } = childSignal(shutdown);
  try {
    return await work(signal);
  } finally {
    dispose();
  }
}

export type WorkerOptions = { runConcurrency: number; toolCallConcurrency: number; log?: (message: string) => void };

export type RunningWorkers = { close: () => Promise<void> };

export async function startWorkers({ runConcurrency, toolCallConcurrency, log = console.error }: WorkerOptions): Promise<RunningWorkers> {
  const shutdown = new AbortController();
  const runs = new Worker<RunJobData, void>(RUNS_QUEUE, (job) => withJobSignal(shutdown.signal, (signal) => executeRun(sharedRedis(), job.data.runId, signal)), {
    connection: queueConnection(),
    concurrency: runConcurrency,
  });
  const toolCalls = new Worker<ToolCallJobData, ToolCallJobResult>(
    TOOL_CALLS_QUEUE,
    (job) => withJobSignal(shutdown.signal, (signal) => executeToolCall(sharedRedis(), job.data, signal)),
    { connection: queueConnection(), concurrency: toolCallConcurrency },
  );
  for (const worker of [runs, toolCalls]) {
    worker.on("error", (error) => log(`[${worker.name}] ${error.message}`));
    worker.on("failed", (job, error) => log(`[${worker.name}] job ${job?.id} failed: ${error.message}`));
  }
  await Promise.all([runs.waitUntilReady(), toolCalls.waitUntilReady()]);
  const mcp = await startMcpWorkerServices((data) => withJobSignal(shutdown.signal, (signal) => executeToolCall(sharedRedis(), data, signal)), toolCallConcurrency, log);
  return {
    close: async () => {
      shutdown.abort();
      await Promise.all([runs.close(), toolCalls.close(), mcp.close()]);
    },
  };
}
