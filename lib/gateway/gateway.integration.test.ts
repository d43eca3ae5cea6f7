/**
 * The gateway over real Streamable HTTP with the SDK's real client: each agent sees only the
 * tools wired to it, calls reach a real worker through the tool-calls queue, and bad tokens or
 * out-of-scope tools are refused.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { bodyLimit } from "../http/perimeter";
import { signingSecret } from "../platform/secret";
import { finishRun } from "../runs/finish-run";
import { createEventRecorder } from "../runs/record-event";
import { createSessionToken } from "./session-token";
import { createRedis } from "../queue/redis";
import { deleteRegistry } from "../registry/registry";
import { graphEdge, graphNode, storeRun } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { registerComponentTool } from "../tools/register-component-tool";

const redis = createRedis();
let stack: TestStack;
let target: Server;
let targetUrl: string;
let runId: string;

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: "gateway-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${stack.url}/api/mcp/gateway`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

const toolNames = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();

beforeAll(async () => {
  stack = await startTestStack();
  target = createServer((req, res) => res.writeHead(200, { "content-type": "text/plain" }).end(`pong from ${req.url}`));
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

  const http = (id: string, label: string) => graphNode(id, "core.http.request", { label, mode: "tool" });
  const stored = await storeRun({
    nodes: [
      graphNode("a1", "core.agent"),
      graphNode("a2", "core.agent"),
      http("h1", "Fetch A"),
      http("h2", "Fetch B"),
      http("h3", "Fetch C"),
    ],
    edges: [
      graphEdge("h1", "tool", "a1", "tools"),
      graphEdge("h2", "tool", "a2", "tools"),
      graphEdge("h3", "tool", "a2", "tools"),
    ],
  });
  runId = stored.runId;
  for (const id of ["h1", "h2", "h3"]) await registerComponentTool(redis, runId, stored.plan.nodes[id], {});
});

afterAll(async () => {
  await deleteRegistry(redis, runId);
  redis.disconnect();
  target.close();
  await stack.close();
});

describe("gateway", () => {
  it("shows each agent only the tools wired to it", async () => {
    const agent1 = await connect(await createSessionToken({ runId, agentNodeId: "a1", allowedNodeIds: ["h1"] }));
    const agent2 = await connect(await createSessionToken({ runId, agentNodeId: "a2", allowedNodeIds: ["h2", "h3"] }));
    expect(await toolNames(agent1)).toEqual(["fetch_a"]);
    expect(await toolNames(agent2)).toEqual(["fetch_b", "fetch_c"]);
    const [tool] = (await agent1.listTools()).tools;
    expect(tool.inputSchema).toMatchObject({
      type: "object",
      properties: { url: { type: "string" } },
      required: ["url"],
    });
    await Promise.all([agent1.close(), agent2.close()]);
  });

  it("shows nothing of this run to a token of another running run, and refuses one of a run that does not exist", async () => {
    const other = await storeRun({ nodes: [graphNode("a1", "core.agent")], edges: [] });
    const stranger = await connect(
      await createSessionToken({ runId: other.runId, agentNodeId: "a1", allowedNodeIds: ["h1", "h2", "h3"] }),
    );
    expect(await toolNames(stranger)).toEqual([]);
    await stranger.close();
    await expect(
      connect(await createSessionToken({ runId: "no-such-run", agentNodeId: "a1", allowedNodeIds: ["h1"] })),
    ).rejects.toThrow("is no longer running");
  });

  it("routes a call through the tool-calls queue to a worker and returns its result", async () => {
    const agent1 = await connect(await createSessionToken({ runId, agentNodeId: "a1", allowedNodeIds: ["h1"] }));
    const result = await agent1.callTool({ name: "fetch_a", arguments: { url: `${targetUrl}/ping` } });
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toEqual({ status: 200, body: "pong from /ping" });
    await agent1.close();
  });

  it("answers a tool outside the token's scope with an error result, not a crash", async () => {
    const agent1 = await connect(await createSessionToken({ runId, agentNodeId: "a1", allowedNodeIds: ["h1"] }));
    const result = await agent1.callTool({ name: "fetch_b", arguments: { url: `${targetUrl}/x` } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/fetch_b.*not available/);
    await agent1.close();
  });

  it("returns a failing tool's error as an error result, not a crash", async () => {
    const agent1 = await connect(await createSessionToken({ runId, agentNodeId: "a1", allowedNodeIds: ["h1"] }));
    const result = await agent1.callTool({ name: "fetch_a", arguments: { url: "ftp://example.invalid/file" } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain("only http and https");
    await agent1.close();
  });

  it("refuses a missing, forged or expired token with 401", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    const post = (authorization?: string) =>
      fetch(`${stack.url}/api/mcp/gateway`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify(initialize),
      });
    const expired = await createSessionToken({ runId, agentNodeId: "a1", allowedNodeIds: ["h1"] }, -60);
    for (const auth of [undefined, "Bearer not-a-token", `Bearer ${expired}`]) {
      const response = await post(auth);
      expect(response.status, `authorization: ${auth}`).toBe(401);
    }
    const valid = await post(
      `Bearer ${await createSessionToken({ runId, agentNodeId: "a1", allowedNodeIds: ["h1"] })}`,
    );
    expect(valid.status).toBe(200);
  });

  it("refuses a body over the API's limit, declared or streamed, and one that is not JSON, before any tool runs", async () => {
    const token = await createSessionToken({ runId, agentNodeId: "a1", allowedNodeIds: ["h1"] });
    const headers = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${token}`,
    };
    const call = {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "fetch_a", arguments: { url: targetUrl, body: "x".repeat(bodyLimit("default")) } },
    };
    const declared = await fetch(`${stack.url}/api/mcp/gateway`, {
      method: "POST",
      headers,
      body: JSON.stringify(call),
    });
    expect(declared.status).toBe(413);
    // A chunked body says no length up front: it is counted as it arrives.
    const chunks = [JSON.stringify(call)];
    const streamed = await fetch(`${stack.url}/api/mcp/gateway`, {
      method: "POST",
      headers,
      body: new ReadableStream({
        pull: (controller) =>
          chunks.length ? controller.enqueue(new TextEncoder().encode(chunks.shift())) : controller.close(),
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const text = await fetch(`${stack.url}/api/mcp/gateway`, {
      method: "POST",
      headers: { ...headers, "content-type": "text/plain" },
      body: JSON.stringify({ ...call, params: { name: "fetch_a", arguments: { url: targetUrl } } }),
    });
    expect(text.status).toBe(415);
  });

  it("offers no stream of its own: GET answers 405, so clients do not open (and keep reopening) one", async () => {
    const token = await createSessionToken({ runId, agentNodeId: "a1", allowedNodeIds: ["h1"] });
    const get = (authorization?: string) =>
      fetch(`${stack.url}/api/mcp/gateway`, {
        headers: { accept: "text/event-stream", ...(authorization ? { authorization } : {}) },
      });
    const refused = await get(`Bearer ${token}`);
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("POST, DELETE");
    expect((await get()).status).toBe(401); // still checked first
  });
});

describe("tokens and their runs", () => {
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  };
  const post = (token: string) =>
    fetch(`${stack.url}/api/mcp/gateway`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(initialize),
    });

  it("refuses an unexpired token once its run has ended, whichever way it ended", async () => {
    for (const status of ["completed", "failed", "cancelled"] as const) {
      const ended = await storeRun({
        nodes: [graphNode("a1", "core.agent"), graphNode("h1", "core.http.request", { mode: "tool" })],
        edges: [graphEdge("h1", "tool", "a1", "tools")],
      });
      const token = await createSessionToken({ runId: ended.runId, agentNodeId: "a1", allowedNodeIds: ["h1"] });
      expect((await post(token)).status).toBe(200); // while it runs
      await finishRun(
        {
          runId: ended.runId,
          workflowId: ended.workflowId,
          redis,
          emit: createEventRecorder(redis, ended.runId),
          startedAt: Date.now(),
        },
        null,
        status === "completed" ? { status, output: null } : status === "failed" ? { status, error: "x" } : { status },
      );
      const refused = await post(token);
      expect(refused.status, status).toBe(401);
      expect(JSON.stringify(await refused.json())).toContain("is no longer running");
    }
  });

  it("refuses a token without an expiry", async () => {
    const forever = await new SignJWT({ runId, agentNodeId: "a1", allowedNodeIds: ["h1"] })
      .setProtectedHeader({ alg: "HS256" })
      .setAudience("switchboard-gateway")
      .sign(signingSecret());
    expect((await post(forever)).status).toBe(401);
  });

  it("a token for node t cannot reach a node named t-2", async () => {
    const stored = await storeRun({
      nodes: [
        graphNode("agent", "core.agent"),
        graphNode("t", "core.http.request", { label: "Tee", mode: "tool" }),
        graphNode("t-2", "core.http.request", { label: "Tee Two", mode: "tool" }),
      ],
      edges: [graphEdge("t", "tool", "agent", "tools")],
    });
    for (const id of ["t", "t-2"]) await registerComponentTool(redis, stored.runId, stored.plan.nodes[id], {});
    const client = await connect(
      await createSessionToken({ runId: stored.runId, agentNodeId: "agent", allowedNodeIds: ["t"] }),
    );
    expect((await client.listTools()).tools).toHaveLength(1);
    await client.close();
    await deleteRegistry(redis, stored.runId);
  });
});
