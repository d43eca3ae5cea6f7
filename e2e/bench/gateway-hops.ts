/**
 * The floor of the gateway's design, for the gateway scenario to print beside its tools/call: the
 * two hops every call makes, with nothing else in them. One is an HTTP round trip to the gateway
 * route that ends once the perimeter and the token are checked (a GET, answered 405), through the
 * agent's own HTTP client; the other is a job on a queue of its own, answered on the reply channel
 * by a worker that does nothing (the same callThroughQueue and replyingProcessor the calls use).
 * What tools/call adds above the sum is the gateway's own work: the registry read, the MCP server
 * and client, the guard, the record. The queue hop's worker is the bench's own, on the bench's
 * Redis, in every topology: the same Redis work, without npm start's crossing between processes.
 */
import { Queue, Worker } from "bullmq";
import { requestFetch } from "../../lib/net/request-fetch";
import { queueConnection, type ToolCallJobData, type ToolCallJobResult } from "../../lib/queue/queues";
import { sharedRedis } from "../../lib/queue/redis";
import { callThroughQueue, replyingProcessor } from "../../lib/queue/tool-call-replies";

const HOPS_QUEUE = "bench-gateway-hops";

export type GatewayHops = { httpHop: () => Promise<void>; queueHop: () => Promise<void>; close: () => Promise<void> };

export function gatewayHops(gatewayUrl: string, token: string): GatewayHops {
  const queue = new Queue<ToolCallJobData>(HOPS_QUEUE, { connection: queueConnection(), defaultJobOptions: { attempts: 1, removeOnComplete: 1000, removeOnFail: 1000 } /* as tool-calls */ });
  const answer: ToolCallJobResult = { content: [{ type: "text", text: "ok" }], isError: false };
  const worker = new Worker<ToolCallJobData, ToolCallJobResult>(HOPS_QUEUE, replyingProcessor(sharedRedis(), async () => answer), { connection: queueConnection(), concurrency: 32 });
  const job: ToolCallJobData = { runId: "bench", nodeId: "bench", toolName: "noop", args: {}, target: { nodeId: "bench", toolName: "noop", kind: "component", boundInputs: {} } };
  return {
    httpHop: async () => {
      const response = await requestFetch(gatewayUrl, { method: "GET", headers: { Authorization: `Bearer ${token}` } });
      await response.text();
      if (response.status !== 405) throw new Error(`bench: the gateway answered a GET with ${response.status}, not 405`);
    },
    queueHop: async () => {
      await callThroughQueue(queue, job, 5_000);
    },
    close: async () => {
      await worker.close();
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
    },
  };
}
