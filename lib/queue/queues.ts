/**
 * The two BullMQ queues and their typed job payloads. `runs` carries whole runs; `tool-calls`
 * carries one gateway tool call each, served by its own Worker so an agent waiting on a tool can
 * never starve the worker that executes it. Job data carries ids (and a tool call the values its
 * registry entry binds, as the registry holds them), never secrets.
 */
import { Queue } from "bullmq";
import type { ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ToolTarget } from "../registry/registry";
import { currentTraceparent } from "../telemetry/spans";
import { redisUrl } from "./redis";

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

export function queueConnection() {
  return { url: redisUrl(), maxRetriesPerRequest: null };
}

type QueueHandles = { runs?: Queue<RunJobData>; toolCalls?: Queue<ToolCallJobData> };
const handles = ((globalThis as unknown as { switchboardQueues?: QueueHandles }).switchboardQueues ??= {});

export function runsQueue(): Queue<RunJobData> {
  handles.runs ??= new Queue<RunJobData>(RUNS_QUEUE, {
    connection: queueConnection(),
    // Retries carry a run handed back by a worker shutting down (or one that lost Redis mid-way) to another worker.
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: "fixed", delay: 500 },
      removeOnComplete: 1000,
      removeOnFail: 1000,
    },
  });
  return handles.runs;
}

/**
 * Enqueues a run's job (its id is the run's); `priority` as BullMQ has it: 1 is served first
 * (lib/runs/run-priority.ts).
 */
export async function addRunJob(runId: string, priority: number): Promise<void> {
  const traceparent = currentTraceparent();
  await runsQueue().add("run", { runId, ...(traceparent ? { traceparent } : {}) }, { jobId: runId, priority });
}

export function toolCallsQueue(): Queue<ToolCallJobData> {
  handles.toolCalls ??= new Queue<ToolCallJobData>(TOOL_CALLS_QUEUE, {
    connection: queueConnection(),
    defaultJobOptions: { attempts: 1, removeOnComplete: 1000, removeOnFail: 1000 },
  });
  return handles.toolCalls;
}
