/**
 * What MCP integration tests do around a run without running it: register tool-mode MCP nodes as
 * the worker does (collecting the events it records), and talk to the real gateway as an agent of
 * that run would, with a session token for the given nodes.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createSessionToken } from "../gateway/session-token";
import { registerMcpNode } from "../mcp/register-mcp-node";
import { teardownRunMcp } from "../mcp/teardown";
import type { RunEventInput } from "../runs/events";
import type { WorkflowGraph } from "../workflow/graph";
import { graphNode, storeRun } from "./fixtures";
import type { RedisClient } from "../queue/redis";

export const mcpToolNode = (id: string, params: Record<string, unknown>, label = id) =>
  graphNode(id, "mcp.server", { label, mode: "tool", params });

/** Registers the graph's tool-mode MCP nodes as the worker does; `teardown` ends them as a run's end does. */
export async function registerMcpNodes(redis: RedisClient, graph: WorkflowGraph) {
  const { runId, plan } = await storeRun(graph);
  const events: RunEventInput[] = [];
  const emit = async (event: RunEventInput) => void events.push(event);
  const outputs: Record<string, { tools: string[] }> = {};
  for (const id of plan.order)
    if (plan.nodes[id].mode === "tool") outputs[id] = await registerMcpNode(redis, runId, plan.nodes[id], emit);
  return { runId, events, outputs, teardown: () => teardownRunMcp(runId, emit) };
}

/** An MCP client of the gateway at `baseUrl`, scoped as an agent of the run wired to `allowedNodeIds`. */
export async function gatewayClient(baseUrl: string, runId: string, allowedNodeIds: string[]): Promise<Client> {
  const token = await createSessionToken({ runId, agentNodeId: "agent", allowedNodeIds });
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp/gateway`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

export const toolNames = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name).sort();
