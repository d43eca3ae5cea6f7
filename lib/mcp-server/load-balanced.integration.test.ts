/**
 * Switchboard's MCP server is stateless: two real web processes behind a round-robin proxy with no
 * stickiness serve one SDK client, each request landing on the other process. Initialize, tools/list
 * and workflow calls with progress notifications still work: nothing lives in one process (the
 * run's events reach whichever process holds the call through Redis; workers run the runs).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GREETER, createWorkflow } from "../testing/exposed-workflows";
import { startRoundRobinProxy, type RoundRobinProxy } from "../testing/round-robin-proxy";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { startWebProcess, type WebProcess } from "../testing/web-process";

let stack: TestStack;
let webs: WebProcess[] = [];
let proxy: RoundRobinProxy;

beforeAll(async () => {
  stack = await startTestStack();
  await createWorkflow(stack, GREETER);
  webs = await Promise.all([startWebProcess("web-a"), startWebProcess("web-b")]);
  proxy = await startRoundRobinProxy(webs.map((web) => web.url));
});
afterAll(async () => {
  await proxy?.close();
  await Promise.all(webs.map((web) => web.stop()));
  await stack?.close();
});

describe("the MCP server behind a round-robin balancer, two web processes", () => {
  it("serves one client across both processes: initialize, tools/list, and calls with progress", async () => {
    expect(webs[0].pid).not.toBe(webs[1].pid);
    const client = new Client({ name: "balanced-client", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${proxy.url}/api/mcp/workflows`), {
        requestInit: { headers: stack.account.headers },
      }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("greet");

    for (const name of ["Ada", "Grace"]) {
      const progress: string[] = [];
      const result = await client.callTool({ name: "greet", arguments: { name } }, undefined, {
        onprogress: (note) => void progress.push(note.message ?? ""),
      });
      expect(result).toMatchObject({ isError: false, content: [{ type: "text", text: `Hello, ${name}!` }] });
      expect(progress).toContain("pause done");
    }
    await client.close();

    // No stickiness: every request went to the other process than the one before it.
    const upstreams = proxy.served.map((request) => request.upstream);
    expect(upstreams).toEqual(upstreams.map((_, index) => index % 2));
    const landed = (rpcMethod: string) =>
      proxy.served.filter((request) => request.rpcMethod === rpcMethod).map((request) => request.upstream);
    expect(landed("initialize")).toHaveLength(1);
    expect(landed("tools/list")).toHaveLength(1);
    expect(landed("initialize")[0]).not.toBe(landed("notifications/initialized")[0]);
    expect(new Set(landed("tools/call"))).toEqual(new Set([0, 1]));
  });
});
