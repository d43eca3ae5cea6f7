/**
 * The two BullMQ queues and their typed job payloads. `runs` carries whole runs; `tool-calls`
 * carries one gateway tool call each, served by its own Worker so an agent waiting on a tool can
 * never starve the worker that executes it. Job data carries ids (and a tool call the values its
 * registry entry binds, as the registry holds them), never secrets. On a Redis Cluster every queue's
 * keys share a hash tag, and `runs` is split into partitions (run-partitions.ts) so no one slot caps it.
 */
import { Queue, type ConnectionOptions, type QueueBaseOptions } from "bullmq";
import type { Cluster } from "ioredis";
import type { ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ToolTarget } from "../registry/registry";
import { currentTraceparent } from "../telemetry/spans";
import { createRedis, isRedisCluster, redisUrl } from "./redis";
import { runPartitionOf, runQueueNames } from "./run-partitions";

export const RUNS_QUEUE = "runs";
export const TOOL_CALLS_QUEUE = "tool-calls";

/** `traceparent`: the W3C trace context of whatever started the run, so the worker's spans join its trace. */
export const RunJobData = z.object({ runId: z.string(), traceparent: z.string().optional() });
export type RunJobData = z.infer<typeof RunJobData>;

export type ToolCallJobData = {
  runId: string;
  nodeId: string;
  toolName: string;
  args: Record<string, unknown>;
  /** The registry entry the gateway found for the call, as much of it as running the call needs. */
  target: ToolTarget;
  /** The agent's id for this call, when it gave one (a child run records it as its parent call). */
  callId?: string;
  /** The caller's reply channel (tool-call-replies.ts). */
  replyTo?: string;
  /** The W3C trace context of the gateway's span for the call, so the worker's spans join the run's trace. */
  traceparent?: string;
};

/** What a tool call hands back through the queue: MCP-shaped so the gateway passes it on unchanged. */
export type ToolCallJobResult = {
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError: boolean;
};

type QueueHandles = { runs: Map<string, Queue<RunJobData>>; toolCalls?: Queue<ToolCallJobData>; cluster?: Cluster };
const holder = globalThis as unknown as { switchboardQueueHandles?: QueueHandles };
const handles: QueueHandles = (holder.switchboardQueueHandles ??= { runs: new Map() });

/** On one server, options (BullMQ opens its own connections); on a cluster, one Cluster client per process. */
export function queueConnection(): ConnectionOptions {
  if (!isRedisCluster()) return { url: redisUrl(), maxRetriesPerRequest: null };
  handles.cluster ??= createRedis({ maxRetriesPerRequest: null }) as Cluster;
  return handles.cluster;
}

/** Closes this process's queue handles and, on a cluster, their shared connection (a test tearing its cluster down). */
export async function closeQueues(): Promise<void> {
  const queues = [...handles.runs.values(), ...(handles.toolCalls ? [handles.toolCalls] : [])];
  handles.runs.clear();
  handles.toolCalls = undefined;
  await Promise.all(queues.map((queue) => queue.close().catch(() => undefined)));
  handles.cluster?.disconnect();
  handles.cluster = undefined;
}

/**
 * What every Queue and Worker of `name` is made with. On a cluster the prefix is the hash tag `{name}`: BullMQ's
 * scripts touch several keys of a queue at once, which a cluster allows only within one slot.
 */
export function queueOptions(name: string): QueueBaseOptions {
  return { connection: queueConnection(), ...(isRedisCluster() ? { prefix: `{${name}}` } : {}) };
}

/** The `runs` queue (partition) holding the run's job: `runs`, or `runs-3` when the queue is partitioned. */
export function runsQueue(runId: string): Queue<RunJobData> {
  return runsQueueNamed(runQueueNames()[runPartitionOf(runId)]);
}

/** Every partition of the `runs` queue. */
export function allRunsQueues(): Queue<RunJobData>[] {
  return runQueueNames().map(runsQueueNamed);
}

/** A count (waiting, active, delayed…) summed over every partition of `runs`. */
export async function sumCounts(count: (queue: Queue<RunJobData>) => Promise<number>): Promise<number> {
  return (await Promise.all(allRunsQueues().map(count))).reduce((sum, value) => sum + value, 0);
}

function runsQueueNamed(name: string): Queue<RunJobData> {
  const existing = handles.runs.get(name);
  if (existing) return existing;
  const queue = new Queue<RunJobData>(name, {
    ...queueOptions(name),
    // Retries carry a run handed back by a worker shutting down (or one that lost Redis mid-way) to another worker.
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: "fixed", delay: 500 },
      removeOnComplete: 1000,
      removeOnFail: 1000,
    },
  });
  handles.runs.set(name, queue);
  return queue;
}

/**
 * Enqueues a run's job (its id is the run's); `priority` as BullMQ has it: 1 is served first
 * (lib/runs/run-priority.ts).
 */
export async function addRunJob(runId: string, priority: number): Promise<void> {
  const traceparent = currentTraceparent();
  await runsQueue(runId).add("run", { runId, ...(traceparent ? { traceparent } : {}) }, { jobId: runId, priority });
}

export function toolCallsQueue(): Queue<ToolCallJobData> {
  handles.toolCalls ??= new Queue<ToolCallJobData>(TOOL_CALLS_QUEUE, {
    ...queueOptions(TOOL_CALLS_QUEUE),
    defaultJobOptions: { attempts: 1, removeOnComplete: 1000, removeOnFail: 1000 },
  });
  return handles.toolCalls;
}
