/**
 * The BullMQ Workers of a worker process: one for `runs` and one for `tool-calls`, each with its
 * own concurrency, so an agent waiting on a tool call never starves the worker that executes it.
 * Runs are durable: a short BullMQ lock and stalled-job check redeliver the job of a worker that
 * died, the run's lease (lease-keeper.ts) decides who may continue it, and the sweeper re-queues
 * what Redis lost. Closing drains: running runs get a grace period, then are handed back.
 */
import { setMaxListeners } from "node:events";
import { Worker } from "bullmq";
import {
  queueOptions,
  TOOL_CALLS_QUEUE,
  type RunJobData,
  type ToolCallJobData,
  type ToolCallJobResult,
} from "../queue/queues";
import { runQueueNames } from "../queue/run-partitions";
import { sharedRedis } from "../queue/redis";
import { flushMetrics, observeMetric } from "../metrics/metrics";
import { announceWorkerSlots } from "../metrics/worker-slots";
import { replyingProcessor } from "../queue/tool-call-replies";
import { cleanupRuns, getRetention } from "../settings/retention";
import { armRetentionCleanup, RETENTION_JOB, TRIGGERS_QUEUE, type ScheduledRunData } from "../triggers/schedules";
import { startScheduledRun } from "../triggers/start-scheduled-run";
import { processRunJob } from "./run-job";
import type { RunServices } from "./execute-run";
import { EVALUATIONS_QUEUE, type EvaluationJobData } from "../evaluations/evaluation-queue";
import { processEvaluation } from "../evaluations/run-evaluation";
import { startKnowledgeWorker } from "../knowledge/knowledge-worker";
import { executeToolCall } from "./execute-tool-call";
import { childSignal } from "../platform/child-signal";
import { startMcpWorkerServices } from "../mcp/worker-services";
import { workerId } from "../mcp/worker-identity";
import { LeaseKeeper } from "./lease-keeper";
import { LEASE_SECONDS } from "./run-lease";
import { sweepRuns } from "./run-sweeper";
import { rearmWaitingRuns } from "./wake-run";

const SWEEP_MS = 5_000;

/** Runs a job with its own abort signal tied to the worker's shutdown. */
async function withJobSignal<T>(shutdown: AbortSignal, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const { signal, dispose } = childSignal(shutdown);
  try {
    return await work(signal);
  } finally {
    dispose();
  }
}

/**
 * A run waiting on a model or a tool costs memory (an agent mid-call ~0.5 MiB, mostly the AI SDK's web streams), not a
 * thread, so one worker process takes a thousand (npm run bench, waiting-agents); a fixed slot per waiting run would
 * end them in waves of that many instead. What is CPU-bound is bounded by itself, not by this: expressions
 * and Code run in a pool of a few boxes (lib/flow/evaluation-pool.ts), and a run's database statements queue on the
 * process's connection pool. SWITCHBOARD_RUN_CONCURRENCY / SWITCHBOARD_TOOL_CALL_CONCURRENCY (or the older
 * RUN_CONCURRENCY / TOOL_CALL_CONCURRENCY) override.
 */
export const DEFAULT_RUN_CONCURRENCY = concurrencyFromEnv("SWITCHBOARD_RUN_CONCURRENCY", "RUN_CONCURRENCY", 1000);
export const DEFAULT_TOOL_CALL_CONCURRENCY = concurrencyFromEnv(
  "SWITCHBOARD_TOOL_CALL_CONCURRENCY",
  "TOOL_CALL_CONCURRENCY",
  1000,
);

function concurrencyFromEnv(name: string, olderName: string, fallback: number): number {
  const text = process.env[name] ?? process.env[olderName];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${process.env[name] !== undefined ? name : olderName} must be a whole number ≥ 1, got "${text}"`);
  return value;
}

export type WorkerOptions = {
  runConcurrency?: number;
  toolCallConcurrency?: number;
  /** Nodes of one run executing at once (independent branches). */
  nodeConcurrency?: number;
  /** How long close() lets running runs finish before handing them back. */
  drainMs?: number;
  log?: (message: string) => void;
};

export type RunningWorkers = { close: () => Promise<void> };

export async function startWorkers({
  runConcurrency = DEFAULT_RUN_CONCURRENCY,
  toolCallConcurrency = DEFAULT_TOOL_CALL_CONCURRENCY,
  nodeConcurrency = 4,
  drainMs = 10_000,
  log = console.error,
}: WorkerOptions = {}): Promise<RunningWorkers> {
  const shutdown = new AbortController();
  setMaxListeners(0, shutdown.signal); // every run in flight listens for the shutdown
  const leases = new LeaseKeeper(workerId(), log);
  const runToolCall = (data: ToolCallJobData) =>
    withJobSignal(shutdown.signal, (signal) => executeToolCall(data, signal));
  const services = { redis: sharedRedis(), leases, shutdown: shutdown.signal, nodeConcurrency };
  const runs = startRunWorkers(services, runConcurrency);
  const toolCalls = new Worker<ToolCallJobData, ToolCallJobResult>(
    TOOL_CALLS_QUEUE,
    replyingProcessor(sharedRedis(), runToolCall),
    { ...queueOptions(TOOL_CALLS_QUEUE), concurrency: toolCallConcurrency },
  );
  const triggers = startTriggersWorker(log);
  const evaluations = startEvaluationsWorker();
  const knowledge = startKnowledgeWorker();
  const others = [toolCalls, triggers, evaluations, knowledge];
  watchWorkers([...runs, ...others], log);
  await Promise.all([...[...runs, ...others].map((worker) => worker.waitUntilReady()), armRetentionCleanup()]);
  // Waiting runs' wake-ups live in PostgreSQL: a Redis that lost its delayed jobs gets them back here.
  const rearmed = await rearmWaitingRuns();
  if (rearmed > 0) log(`[runs] re-armed the wake-ups of ${rearmed} waiting runs`);
  const mcp = await startMcpWorkerServices(runToolCall, toolCallConcurrency, log);
  const runSlots = runs.reduce((sum, worker) => sum + worker.concurrency, 0);
  const withdrawSlots = announceWorkerSlots(workerId(), { runs: runSlots, "tool-calls": toolCallConcurrency });
  const sweep = setInterval(
    () => void sweepRuns(sharedRedis(), log).catch((error) => log(`[runs] sweep failed: ${(error as Error).message}`)),
    SWEEP_MS,
  );
  sweep.unref();
  return {
    close: async () => {
      clearInterval(sweep);
      // An evaluation waits on runs for minutes: not waited for; its job stalls and another worker carries it on.
      await evaluations.close(true);
      const handBack = setTimeout(() => shutdown.abort(), drainMs);
      // Waits for running runs: they finish, or are handed back when the drain time is up.
      await Promise.all(runs.map((worker) => worker.close()));
      clearTimeout(handBack);
      shutdown.abort();
      await Promise.all([toolCalls.close(), triggers.close(), knowledge.close(), mcp.close()]);
      leases.close();
      await Promise.all([withdrawSlots(), flushMetrics().catch(() => undefined)]);
    },
  };
}

/**
 * One Worker per partition of `runs` (lib/queue/run-partitions.ts), the process's run slots shared out among them:
 * runs are spread evenly over the partitions by their ids' hash, so each takes its share.
 */
function startRunWorkers(services: RunServices, runConcurrency: number): Worker<RunJobData, void>[] {
  const names = runQueueNames();
  const concurrency = Math.max(1, Math.ceil(runConcurrency / names.length));
  return names.map(
    (name) =>
      new Worker<RunJobData, void>(name, (job, token) => processRunJob(services, job, token), {
        ...queueOptions(name),
        concurrency,
        // A dead worker's job is redelivered within about lockDuration + stalledInterval.
        lockDuration: LEASE_SECONDS * 1000,
        stalledInterval: 5_000,
        maxStalledCount: 10,
      }),
  );
}

/** An evaluation mostly waits on its rows' runs (on the `runs` queue), so a few at once are plenty. */
function startEvaluationsWorker(): Worker<EvaluationJobData> {
  return new Worker<EvaluationJobData>(EVALUATIONS_QUEUE, (job) => processEvaluation(job.data.evaluationId), {
    ...queueOptions(EVALUATIONS_QUEUE),
    concurrency: 2,
  });
}

/** Logs the workers' errors and failed jobs; counts how long tool calls waited in the queue. */
function watchWorkers(workers: Worker[], log: (message: string) => void): void {
  for (const worker of workers) {
    worker.on("error", (error) => log(`[${worker.name}] ${error.message}`));
    worker.on("failed", (job, error) => log(`[${worker.name}] job ${job?.id} failed: ${error.message}`));
    if (worker.name !== TOOL_CALLS_QUEUE) continue;
    worker.on("active", (job) =>
      observeMetric("queueWait", { queue: TOOL_CALLS_QUEUE }, ((job.processedOn ?? Date.now()) - job.timestamp) / 1000),
    );
  }
}

/** Schedules fire as jobs on `triggers`; each becomes a run. The retention cleanup rides the same queue. */
function startTriggersWorker(log: (message: string) => void): Worker<ScheduledRunData> {
  return new Worker<ScheduledRunData>(
    TRIGGERS_QUEUE,
    async (job) => {
      if (job.name === RETENTION_JOB) {
        const deleted = await cleanupRuns(await getRetention());
        if (deleted > 0) log(`[retention] deleted ${deleted} finished runs the retention setting no longer keeps`);
        return;
      }
      const started = await startScheduledRun(job.data, job.opts.prevMillis, log);
      if (!started.ok) {
        const { nodeId, workflowId } = job.data;
        log(`[triggers] schedule ${nodeId} of workflow ${workflowId} did not start a run: ${started.message}`);
      }
    },
    { ...queueOptions(TRIGGERS_QUEUE), concurrency: 4 },
  );
}
