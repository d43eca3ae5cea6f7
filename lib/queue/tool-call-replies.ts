/**
 * Tool-call answers straight back to the process that asked. The gateway puts its process's reply
 * channel in the job; the worker publishes the result there the moment it has it; one subscriber
 * per process hands it to the waiting call. This replaces QueueEvents (every web process reading
 * the event stream of every job) and its extra hops. BullMQ still stores each job's result, which
 * the caller reads if a reply goes missing (a Redis reconnect), so a call never waits in vain.
 */
import { randomUUID } from "node:crypto";
import type { Job, Queue } from "bullmq";
import { currentTraceparent } from "../telemetry/spans";
import { onMessage, publish, subscribe } from "./pubsub";
import { createSubscriber, type RedisClient } from "./redis";
import type { ToolCallJobData, ToolCallJobResult } from "./queues";

type Reply = { jobId: string; result?: ToolCallJobResult; error?: string };
type Waiter = (reply: Reply) => void;
type Hub = { channel: string; waiters: Map<string, Waiter>; ready: Promise<unknown> };

/** How often a waiting call also asks BullMQ whether its job finished (the safety net for a lost reply). */
const CHECK_EVERY_MS = 1_000;

// On globalThis so every Next bundle in the process shares one subscriber.
const holder = globalThis as unknown as { switchboardToolReplies?: Hub };

function hub(): Hub {
  if (holder.switchboardToolReplies) return holder.switchboardToolReplies;
  // Hash-tagged: on a cluster, the channel's slot (and node) is the process's own (sharded pub/sub, pubsub.ts).
  const channel = `tool-replies:{${randomUUID()}}`;
  const waiters = new Map<string, Waiter>();
  const connection = createSubscriber();
  onMessage(connection, (_channel, message) => {
    const reply = JSON.parse(message) as Reply;
    waiters.get(reply.jobId)?.(reply);
  });
  const made: Hub = { channel, waiters, ready: subscribe(connection, channel) };
  // A subscription that failed is not kept: the call that hit it fails, the next one starts afresh.
  made.ready.catch(() => {
    if (holder.switchboardToolReplies === made) holder.switchboardToolReplies = undefined;
    connection.disconnect();
  });
  holder.switchboardToolReplies = made;
  return made;
}

export class ToolCallTimeout extends Error {}

/**
 * Adds the call to `queue` and resolves with its result; throws ToolCallTimeout after `timeoutMs`, or the worker's
 * error.
 */
export async function callThroughQueue(
  queue: Queue<ToolCallJobData>,
  data: ToolCallJobData,
  timeoutMs: number,
): Promise<ToolCallJobResult> {
  const { channel, waiters, ready } = hub();
  await ready;
  const jobId = randomUUID();
  let settle!: Waiter;
  const replied = new Promise<Reply>((resolve) => (settle = resolve));
  waiters.set(jobId, settle);
  const check = setInterval(async () => {
    const job = await queue.getJob(jobId).catch(() => undefined);
    if (job?.finishedOn)
      settle(
        job.failedReason ? { jobId, error: job.failedReason } : { jobId, result: job.returnvalue as ToolCallJobResult },
      );
  }, CHECK_EVERY_MS);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ToolCallTimeout(`no answer within ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    );
  });
  try {
    const traceparent = currentTraceparent();
    await queue.add("call", { ...data, replyTo: channel, ...(traceparent ? { traceparent } : {}) }, { jobId });
    const reply = await Promise.race([replied, timedOut]);
    if (reply.error !== undefined) throw new Error(reply.error);
    return reply.result!;
  } catch (error) {
    // Nobody may ever take a job that timed out (a dead owner's queue): do not leave it behind.
    if (error instanceof ToolCallTimeout) await queue.remove(jobId).catch(() => undefined);
    throw error;
  } finally {
    waiters.delete(jobId);
    clearInterval(check);
    clearTimeout(timer);
  }
}

/** Wraps a worker's tool-call processor so each result (or error) is also published to the caller's reply channel. */
export function replyingProcessor(
  redis: RedisClient,
  processor: (data: ToolCallJobData) => Promise<ToolCallJobResult>,
) {
  return async (job: Job<ToolCallJobData, ToolCallJobResult>): Promise<ToolCallJobResult> => {
    const reply = (body: Omit<Reply, "jobId">) =>
      job.data.replyTo
        ? publish(redis, job.data.replyTo, JSON.stringify({ jobId: job.id, ...body })).catch(() => undefined)
        : undefined;
    try {
      const result = await processor(job.data);
      await reply({ result });
      return result;
    } catch (error) {
      await reply({ error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  };
}
