/**
 * The gateway's `tools/call` beside the same component called directly, and `tools/list`: an HTTP
 * Request tool registered in a stored run, called through the SDK's client with the run's session
 * token. Against the in-process stack, or against npm start's own web process and worker
 * (topology-scenario.ts), given the Redis they use. The client is the agent's own (lib/agent/gateway-client.ts). Import
 * it only after the bench has pointed DATABASE_URL and REDIS_URL at its own stores.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gatewayClient } from "../../lib/agent/gateway-client";
import { createSessionToken } from "../../lib/gateway/session-token";
import { httpRequest } from "../../lib/nodes/http-request";
import { graphEdge, graphNode, storeRun } from "../../lib/testing/fixtures";
import { registerComponentTool } from "../../lib/tools/register-component-tool";
import { gatewayHops, mcpSdkFloor } from "./gateway-hops";
import { ms, percentile, sequentialRow, timeEach, type BenchRow } from "./measure";
import type { RedisClient } from "../../lib/queue/redis";

const ROUNDS = 5;

export async function benchGateway(
  appUrl: string,
  redis: RedisClient,
  calls: number,
  label = "",
): Promise<{ rows: BenchRow[]; figures: Record<string, number> }> {
  const target = createServer((_req, res) => res.writeHead(200).end("ok"));
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  const { runId, plan } = await storeRun({
    nodes: [
      graphNode("agent", "core.agent"),
      graphNode("http", "core.http.request", { label: "HTTP Request", mode: "tool" }),
    ],
    edges: [graphEdge("http", "tool", "agent", "tools")],
  });
  await registerComponentTool(redis, runId, plan.nodes.http, {});
  const token = await createSessionToken({ runId, agentNodeId: "agent", allowedNodeIds: ["http"] });
  // The client an agent uses (its fetch gives each request its own abort signal, which the SDK's default does not).
  const client = await gatewayClient(`${appUrl}/api/mcp/gateway`, token);
  const hops = gatewayHops(`${appUrl}/api/mcp/gateway`, token);
  const sdk = await mcpSdkFloor();
  try {
    const params = httpRequest.params.parse({ url: targetUrl });
    const callDirectly = () =>
      httpRequest.execute({
        runId,
        nodeId: "http",
        label: "HTTP Request",
        runInput: undefined,
        params,
        connectedToolNodeIds: [],
        emit: async () => undefined,
        note: () => undefined,
        signal: new AbortController().signal,
      });
    const callViaGateway = async () => {
      const result = await client.callTool({ name: "http_request", arguments: { url: targetUrl } });
      if (result.isError) throw new Error(`bench: the gateway call failed: ${JSON.stringify(result.content)}`);
    };
    // Warm both paths first (JIT, connections), as a long-lived gateway is.
    await timeEach(50, callViaGateway);
    await timeEach(50, callDirectly);
    await timeEach(50, hops.httpHop);
    await timeEach(50, hops.queueHop);
    await timeEach(50, sdk.call);
    await timeEach(50, sdk.list);
    // In turns, so a shared machine that slows down or speeds up meanwhile weighs on all alike.
    const [viaGateway, listing, direct, httpHop, queueHop, sdkCall, sdkList]: number[][] = [[], [], [], [], [], [], []];
    for (let round = 0; round < ROUNDS; round++) {
      const part = Math.ceil(calls / ROUNDS);
      viaGateway.push(...(await timeEach(part, callViaGateway)));
      listing.push(...(await timeEach(part, () => client.listTools())));
      direct.push(...(await timeEach(part, callDirectly)));
      httpHop.push(...(await timeEach(part, hops.httpHop)));
      queueHop.push(...(await timeEach(part, hops.queueHop)));
      sdkCall.push(...(await timeEach(part, sdk.call)));
      sdkList.push(...(await timeEach(part, sdk.list)));
    }
    const hopsFloor = percentile(httpHop, 50) + percentile(queueHop, 50);
    return {
      rows: [
        sequentialRow(`${label}tools/call via gateway (${viaGateway.length} sequential)`, viaGateway),
        sequentialRow(`${label}same tool called directly (${direct.length} sequential)`, direct),
        sequentialRow(`${label}tools/list via gateway (${listing.length} sequential)`, listing),
        sequentialRow(
          `${label}design floor, hop 1: HTTP to the gateway route, token checked, nothing more (${httpHop.length} ` +
            `sequential)`,
          httpHop,
        ),
        sequentialRow(
          `${label}design floor, hop 2: a job answered on the reply channel by a no-op worker (${queueHop.length} ` +
            `sequential)`,
          queueHop,
        ),
        sequentialRow(
          `${label}design floor, the MCP SDK alone: tools/call to a loopback server like the gateway's whose tool ` +
            `answers at once (${sdkCall.length} sequential)`,
          sdkCall,
        ),
        sequentialRow(
          `${label}design floor, the MCP SDK alone: tools/list of that server (${sdkList.length} sequential)`,
          sdkList,
        ),
      ],
      figures: {
        gateway_added_p50_ms: ms(percentile(viaGateway, 50) - percentile(direct, 50)),
        gateway_list_p50_ms: ms(percentile(listing, 50)),
        gateway_hops_floor_p50_ms: ms(hopsFloor),
        gateway_added_over_hops_p50_ms: ms(percentile(viaGateway, 50) - percentile(direct, 50) - hopsFloor),
        gateway_mcp_sdk_call_floor_p50_ms: ms(percentile(sdkCall, 50)),
        gateway_mcp_sdk_list_floor_p50_ms: ms(percentile(sdkList, 50)),
      },
    };
  } finally {
    await hops.close();
    await sdk.close();
    await client.close();
    target.close();
  }
}
