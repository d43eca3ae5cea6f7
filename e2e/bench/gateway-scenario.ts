/**
 * The gateway's `tools/call` beside the same component called directly, and `tools/list`: an HTTP
 * Request tool registered in a stored run, called through the SDK's client with the run's session
 * token. Against the in-process stack, or against npm start's own web process and worker
 * (topology-scenario.ts), given the Redis they use. The client is the agent's own (lib/agent/gateway-client.ts). Beside
 * them, two parts of the gateway's own work alone (gateway-own-parts.ts). Import it only after the bench has pointed
 * DATABASE_URL and REDIS_URL at its own stores.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gatewayClient } from "../../lib/agent/gateway-client";
import { createSessionToken } from "../../lib/gateway/session-token";
import { httpRequest } from "../../lib/nodes/http-request";
import { graphEdge, graphNode, storeRun } from "../../lib/testing/fixtures";
import { registerComponentTool } from "../../lib/tools/register-component-tool";
import { gatewayHops, mcpSdkFloor } from "./gateway-hops";
import { gatewayOwnParts } from "./gateway-own-parts";
import { ms, percentile, sequentialRow, timeEach, type BenchRow } from "./measure";
import type { RedisClient } from "../../lib/queue/redis";

const ROUNDS = 5;
const CPU_COLUMN = "process CPU ms/op";
const ms2 = (value: number) => Math.round(value * 100) / 100;

export async function benchGateway(
  appUrl: string,
  redis: RedisClient,
  calls: number,
  label = "",
  /** Whether the gateway and its worker run in this process (then the CPU figures count them). */
  inProcess = label === "",
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
  const claims = { runId, agentNodeId: "agent", allowedNodeIds: ["http"] };
  const token = await createSessionToken(claims);
  // The client an agent uses (its fetch gives each request its own abort signal, which the SDK's default does not).
  const client = await gatewayClient(`${appUrl}/api/mcp/gateway`, token);
  const hops = gatewayHops(`${appUrl}/api/mcp/gateway`, token);
  const sdk = await mcpSdkFloor();
  const parts = gatewayOwnParts(redis, claims, "http_request");
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
    const series = {
      viaGateway: callViaGateway,
      listing: () => client.listTools(),
      direct: callDirectly,
      httpHop: hops.httpHop,
      queueHop: hops.queueHop,
      sdkCall: sdk.call,
      sdkList: sdk.list,
      sdkHttp: sdk.httpHop,
    };
    const main = await inTurns(series, calls);
    // After the others, so the records they leave behind trail none of them. In-process only: there they are the
    // gateway's code on the gateway's thread, while against npm start they would run in the bench's process.
    const own = inProcess ? await inTurns(parts, calls) : undefined;
    const { took, cpuMs } = main;
    const { viaGateway, listing, direct, httpHop, queueHop, sdkCall, sdkList, sdkHttp } = took;
    const timedRow = (scenario: string, times: number[], cpu: number) => ({
      ...sequentialRow(`${label}${scenario} (${times.length} sequential)`, times),
      [CPU_COLUMN]: Math.round(cpu * 100) / 100,
    });
    const row = (scenario: string, name: keyof typeof took) => timedRow(scenario, took[name], cpuMs[name]);
    const p50 = (values: number[]) => percentile(values, 50);
    const hopsFloor = p50(httpHop) + p50(queueHop);
    // What the SDK adds to a call or a list over the HTTP round trip it rides on: the SDK floor's own HTTP trip is
    // taken out, since the hop floor above already holds the (real) HTTP trip to the gateway.
    const sdkCallOverHttp = p50(sdkCall) - p50(sdkHttp);
    const sdkListOverHttp = p50(sdkList) - p50(sdkHttp);
    // The same sums in CPU per operation, which a busy machine moves far less (meaningful in-process only).
    const ownCpu = cpuMs.viaGateway - cpuMs.direct - cpuMs.httpHop - cpuMs.queueHop - (cpuMs.sdkCall - cpuMs.sdkHttp);
    const listCpu = cpuMs.listing - cpuMs.httpHop - (cpuMs.sdkList - cpuMs.sdkHttp);
    return {
      rows: [
        row("tools/call via gateway", "viaGateway"),
        row("same tool called directly", "direct"),
        row("tools/list via gateway", "listing"),
        row("design floor, hop 1: HTTP to the gateway route, token checked, nothing more", "httpHop"),
        row("design floor, hop 2: a job answered on the reply channel by a no-op worker", "queueHop"),
        row(
          "design floor, the MCP SDK alone: tools/call to a loopback server like the gateway's whose tool answers " +
            "at once",
          "sdkCall",
        ),
        row("design floor, the MCP SDK alone: tools/list of that server", "sdkList"),
        row("the SDK floor's HTTP round trip alone (a GET)", "sdkHttp"),
        ...(own
          ? [
              timedRow(
                "the gateway's own work, in part: its state read alone (liveness, the caller's end, the tools)",
                own.took.stateRead,
                own.cpuMs.stateRead,
              ),
              timedRow(
                "the gateway's own work, in part: a call's record alone (events and audit row, run-end hold, " +
                  "published), its tool answering at once",
                own.took.record,
                own.cpuMs.record,
              ),
            ]
          : []),
      ],
      figures: {
        gateway_added_p50_ms: ms(percentile(viaGateway, 50) - percentile(direct, 50)),
        gateway_list_p50_ms: ms(percentile(listing, 50)),
        gateway_hops_floor_p50_ms: ms(hopsFloor),
        gateway_added_over_hops_p50_ms: ms(percentile(viaGateway, 50) - percentile(direct, 50) - hopsFloor),
        gateway_mcp_sdk_call_floor_p50_ms: ms(percentile(sdkCall, 50)),
        gateway_mcp_sdk_list_floor_p50_ms: ms(percentile(sdkList, 50)),
        gateway_mcp_sdk_http_floor_p50_ms: ms(p50(sdkHttp)),
        // The gateway's own work in a tools/call (issue 31): via the gateway − the tool called directly − the two hops
        // (HTTP to the route with its perimeter and token check, a job answered on the reply channel) − what the MCP
        // SDK adds to a call over its HTTP round trip. What is left is ours: state read, MCP server built, guard,
        // record, redaction, forwarding.
        gateway_own_p50_ms: ms2(p50(viaGateway) - p50(direct) - hopsFloor - sdkCallOverHttp),
        // tools/list over the SDK's own list: via the gateway − the HTTP hop to the route − what the SDK adds to a
        // list over its HTTP round trip (on one process, the SDK's list floor and the hop are the same loopback trip).
        // These two in hundredths: their targets (1.0 and 0.3 ms) sit within a tenth's rounding of what is measured.
        gateway_list_over_sdk_p50_ms: ms2(p50(listing) - p50(httpHop) - sdkListOverHttp),
        ...(inProcess ? { gateway_own_cpu_ms: ms2(ownCpu), gateway_list_over_sdk_cpu_ms: ms2(listCpu) } : {}),
        // Two parts of that own work, alone: what the call contract costs before anything else of ours runs.
        ...(own
          ? {
              gateway_state_read_p50_ms: ms2(p50(own.took.stateRead)),
              gateway_record_p50_ms: ms2(p50(own.took.record)),
              gateway_state_read_cpu_ms: ms2(own.cpuMs.stateRead),
              gateway_record_cpu_ms: ms2(own.cpuMs.record),
            }
          : {}),
      },
    };
  } finally {
    await hops.close();
    await sdk.close();
    await client.close();
    target.close();
  }
}

/**
 * Each series `calls` times, in turns (ROUNDS parts each), so a shared machine that slows down or speeds up meanwhile
 * weighs on all alike, after a warm-up (JIT, connections) as a long-lived gateway has had. Beside the wall clock, the
 * CPU this process spent per operation: on a loaded machine, waiting for a core swamps the wall clock, while the CPU
 * an operation costs stays put (in-process, it holds client, gateway and worker alike; not Redis).
 */
async function inTurns<S extends string>(series: Record<S, () => Promise<unknown>>, calls: number) {
  const names = Object.keys(series) as S[];
  for (const name of names) await timeEach(50, series[name]);
  const took = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<S, number[]>;
  const cpuTotal = Object.fromEntries(names.map((name) => [name, 0])) as Record<S, number>;
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of names) {
      const before = process.cpuUsage();
      took[name].push(...(await timeEach(Math.ceil(calls / ROUNDS), series[name])));
      const used = process.cpuUsage(before);
      cpuTotal[name] += (used.user + used.system) / 1000;
    }
  }
  const perOperation = names.map((name) => [name, cpuTotal[name] / took[name].length]);
  return { took, cpuMs: Object.fromEntries(perOperation) as Record<S, number> };
}
