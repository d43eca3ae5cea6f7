/**
 * The floor of the gateway's design, for the gateway scenario to print beside its tools/call: the
 * two hops every call makes, with nothing else in them. One is an HTTP round trip to the gateway
 * route that ends once the perimeter and the token are checked (a GET, answered 405), through the
 * agent's own HTTP client; the other is a job on a queue of its own, answered on the reply channel
 * by a worker that does nothing (the same callThroughQueue and replyingProcessor the calls use).
 * What tools/call adds above the sum is the gateway's own work: the registry read, the MCP server
 * and client, the guard, the record. The queue hop's worker is the bench's own, on the bench's
 * Redis, in every topology: the same Redis work, without npm start's crossing between processes.
 * A third floor is the MCP SDK's own exchange: the gateway's kind of server (stateless, JSON
 * answers, built per request) with tools that answer at once, served on loopback in the bench's
 * process, through the agent's client: what the library costs a tools/call or tools/list before
 * anything of ours runs.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { Queue, Worker } from "bullmq";
import { gatewayClient } from "../../lib/agent/gateway-client";
import { answerRequest } from "../../lib/gateway/answer-request";
import { sharedSchemaValidator } from "../../lib/mcp/schema-validator";
import { requestFetch } from "../../lib/net/request-fetch";
import { queueConnection, type ToolCallJobData, type ToolCallJobResult } from "../../lib/queue/queues";
import { sharedRedis } from "../../lib/queue/redis";
import { callThroughQueue, replyingProcessor } from "../../lib/queue/tool-call-replies";
import { serveRoutes } from "../../lib/testing/serve-web-handler";

const HOPS_QUEUE = "bench-gateway-hops";

export type GatewayHops = { httpHop: () => Promise<void>; queueHop: () => Promise<void>; close: () => Promise<void> };

export function gatewayHops(gatewayUrl: string, token: string): GatewayHops {
  const queue = new Queue<ToolCallJobData>(HOPS_QUEUE, {
    connection: queueConnection(),
    defaultJobOptions: { attempts: 1, removeOnComplete: 1000, removeOnFail: 1000 } /* as tool-calls */,
  });
  const answer: ToolCallJobResult = { content: [{ type: "text", text: "ok" }], isError: false };
  const worker = new Worker<ToolCallJobData, ToolCallJobResult>(
    HOPS_QUEUE,
    replyingProcessor(sharedRedis(), async () => answer),
    { connection: queueConnection(), concurrency: 32 },
  );
  const job: ToolCallJobData = {
    runId: "bench",
    nodeId: "bench",
    toolName: "noop",
    args: {},
    target: { nodeId: "bench", toolName: "noop", kind: "component", boundInputs: {} },
  };
  return {
    httpHop: async () => {
      const response = await requestFetch(gatewayUrl, { method: "GET", headers: { Authorization: `Bearer ${token}` } });
      await response.text();
      if (response.status !== 405)
        throw new Error(`bench: the gateway answered a GET with ${response.status}, not 405`);
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

export type McpSdkFloor = {
  call: () => Promise<void>;
  list: () => Promise<void>;
  /** The HTTP round trip alone to that server (a GET, answered 405), which the SDK's call and list also make. */
  httpHop: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * An MCP server as the gateway route builds one, whose one tool answers at once, and the agent's client connected to
 * it.
 */
export async function mcpSdkFloor(): Promise<McpSdkFloor> {
  const answer = async (request: Request): Promise<Response> => {
    if (request.method === "GET") return new Response(null, { status: 405 }); // as the gateway: no stream to GET
    const server = new Server(
      { name: "bench-floor", version: "0.1.0" },
      { capabilities: { tools: { listChanged: false } }, jsonSchemaValidator: sharedSchemaValidator() },
    );
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [{ name: "noop", description: "Answers at once", inputSchema: { type: "object" as const } }],
    }));
    server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: "text" as const, text: "ok" }] }));
    return answerRequest(server, request);
  };
  const served = await serveRoutes(
    ["POST", "GET", "DELETE"].map((method) => ({ method, pattern: /^\/mcp$/, handler: answer })),
  );
  const client = await gatewayClient(`${served.url}/mcp`, "bench");
  return {
    httpHop: async () => {
      const response = await requestFetch(`${served.url}/mcp`, {
        method: "GET",
        headers: { Authorization: "Bearer x" },
      });
      await response.text();
      if (response.status !== 405) throw new Error(`bench: the MCP floor answered a GET with ${response.status}`);
    },
    call: async () => {
      const result = await client.callTool({ name: "noop", arguments: {} });
      if (result.isError) throw new Error("bench: the MCP floor's tool failed");
    },
    list: async () => void (await client.listTools()),
    close: async () => {
      await client.close();
      await served.close();
    },
  };
}
