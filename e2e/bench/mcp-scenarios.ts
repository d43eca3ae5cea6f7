/**
 * The bench's MCP scenarios: registering an MCP Server node (spawn + discover for stdio, connect +
 * discover for HTTP), and the gateway's `tools/call` latency to server-everything's echo over
 * stdio (routed to the owning worker's queue) and over streamable HTTP. Import it only after the
 * bench has pointed DATABASE_URL and REDIS_URL at its own stores.
 */
import { gatewayClient } from "../../lib/agent/gateway-client";
import { createSessionToken } from "../../lib/gateway/session-token";
import { registerMcpNode } from "../../lib/mcp/register-mcp-node";
import { teardownRunMcp } from "../../lib/mcp/teardown";
import { sharedRedis } from "../../lib/queue/redis";
import { deleteRegistry } from "../../lib/registry/registry";
import { graphNode, storeRun } from "../../lib/testing/fixtures";
import { everythingStdio, startEverythingHttp } from "../../lib/testing/mcp-peers";
import { sequentialRow, timeEach, type BenchRow } from "./measure";

const REGISTRATIONS = Number(process.env.BENCH_MCP_REGISTRATIONS ?? 10);
const CALLS = Number(process.env.BENCH_MCP_CALLS ?? 200);

const noEvents = async () => undefined;

/** A stored run holding one tool-mode MCP Server node called "everything". */
async function mcpRun(params: Record<string, unknown>) {
  const { runId, plan } = await storeRun({
    nodes: [graphNode("everything", "mcp.server", { mode: "tool", params })],
    edges: [],
  });
  return { runId, node: plan.nodes.everything };
}

/** Registers the node, failing loudly if the server did not come up (a bench of errors measures nothing). */
async function register(runId: string, node: Awaited<ReturnType<typeof mcpRun>>["node"]) {
  const { tools } = await registerMcpNode(sharedRedis(), runId, node, noEvents);
  if (!tools.includes("everything__echo"))
    throw new Error(`bench: MCP server did not register (tools: ${tools.join(", ") || "none"})`);
}

async function endRun(runId: string) {
  await teardownRunMcp(runId, noEvents);
  await deleteRegistry(sharedRedis(), runId);
}

async function registrationRow(label: string, params: Record<string, unknown>): Promise<BenchRow> {
  const durations: number[] = [];
  for (let i = 0; i < REGISTRATIONS; i++) {
    const { runId, node } = await mcpRun(params);
    const started = performance.now();
    await register(runId, node);
    durations.push(performance.now() - started);
    await endRun(runId);
  }
  return sequentialRow(`MCP registration, ${label} (${REGISTRATIONS} sequential)`, durations);
}

async function gatewayCallRow(gatewayUrl: string, label: string, params: Record<string, unknown>): Promise<BenchRow> {
  const { runId, node } = await mcpRun(params);
  await register(runId, node);
  const token = await createSessionToken({ runId, agentNodeId: "agent", allowedNodeIds: ["everything"] });
  const client = await gatewayClient(gatewayUrl, token);
  try {
    const call = async (i: number) => {
      const result = await client.callTool({ name: "everything__echo", arguments: { message: `bench ${i}` } });
      if (result.isError) throw new Error(`bench: echo over ${label} failed: ${JSON.stringify(result.content)}`);
    };
    await timeEach(5, call); // warm-up: first calls pay for module loading and connections
    return sequentialRow(
      `tools/call via gateway to MCP echo, ${label} (${CALLS} sequential)`,
      await timeEach(CALLS, call),
    );
  } finally {
    await client.close();
    await endRun(runId);
  }
}

export async function benchMcp(stackUrl: string): Promise<BenchRow[]> {
  const gatewayUrl = `${stackUrl}/api/mcp/gateway`;
  const stdio = everythingStdio(`bench-${process.pid}`);
  const http = await startEverythingHttp();
  try {
    const httpParams = { transport: "http", url: http.url };
    return [
      await registrationRow("stdio spawn + discover", stdio),
      await registrationRow("HTTP connect + discover", httpParams),
      await gatewayCallRow(gatewayUrl, "stdio", stdio),
      await gatewayCallRow(gatewayUrl, "HTTP", httpParams),
    ];
  } finally {
    http.close();
  }
}
