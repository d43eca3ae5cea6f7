/**
 * MCP servers over WebSocket, with a real peer (the SDK's McpServer behind a `ws` server): tools
 * discovered at registration and called through the real gateway, headers with secrets sent on the
 * handshake, health, teardown closing the socket, a whole run through a group and a workflow-level
 * server, Discover tools — and addresses the URL policy refuses, servers that do not answer.
 */
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { createRedis } from "../queue/redis";
import { getRegisteredTool } from "../registry/registry";
import type { RunEventInput } from "../runs/events";
import { listEvents } from "../runs/read-events";
import { putSecret } from "../secrets/secret-store";
import { graphEdge, graphNode } from "../testing/fixtures";
import { freePort } from "../testing/mcp-peers";
import { gatewayClient, mcpToolNode, registerMcpNodes, toolNames } from "../testing/mcp-registration";
import { runWorkflowToEnd } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { startWebSocketMcpPeer, type WebSocketMcpPeer } from "../testing/websocket-mcp-peer";
import type { WorkflowGraph } from "../workflow/graph";
import { takeRunServers } from "./connection-pool";
import { discoverMcpTools } from "./discover-node";

const redis = createRedis();
let stack: TestStack;
let peer: WebSocketMcpPeer;
const startedAt = new Date();

beforeAll(async () => {
  stack = await startTestStack();
  peer = await startWebSocketMcpPeer();
});
afterAll(async () => {
  await getDb().workflow.deleteMany({ where: { createdAt: { gte: startedAt } } });
  await peer.close();
  redis.disconnect();
  await stack.close();
});

type PayloadOf<T extends RunEventInput["type"]> = Extract<RunEventInput, { type: T }>["payload"];
const eventsOf = <T extends RunEventInput["type"]>(events: RunEventInput[], type: T): PayloadOf<T>[] =>
  events.filter((event) => event.type === type).map((event) => event.payload as PayloadOf<T>);

describe("WebSocket MCP servers through the gateway", () => {
  it("discovers the tools at registration, sends the headers (secrets resolved), calls a tool, and teardown closes the socket", async () => {
    await putSecret("WS_MCP_TOKEN", "ws-secret-value", ["127.0.0.1"]);
    const before = peer.handshakes.length;
    const { runId, events, outputs, teardown } = await registerMcpNodes(redis, {
      nodes: [
        mcpToolNode(
          "socket",
          { transport: "http", url: peer.url, headers: { Authorization: { $secret: "WS_MCP_TOKEN" } } },
          "Socket",
        ),
      ],
      edges: [],
    });
    try {
      expect(await getRegisteredTool(redis, runId, "socket")).toMatchObject({
        kind: "remote-mcp",
        status: "ready",
        description: `MCP server (ws://127.0.0.1:${new URL(peer.url).port})`,
      });
      expect(outputs.socket.tools.sort()).toEqual(["socket__add", "socket__echo"]);
      expect(peer.handshakes.slice(before)).toEqual([
        expect.objectContaining({ authorization: "ws-secret-value", "sec-websocket-protocol": "mcp" }),
      ]);
      expect(peer.openSockets()).toBe(1);

      const client = await gatewayClient(stack.url, runId, ["socket"]);
      expect(await toolNames(client)).toEqual(["socket__add", "socket__echo"]);
      expect(await client.callTool({ name: "socket__add", arguments: { a: 2, b: 40 } })).toMatchObject({
        isError: false,
        content: [{ type: "text", text: "42" }],
      });
      expect(await client.callTool({ name: "socket__echo", arguments: { message: "over a socket" } })).toMatchObject({
        content: [{ text: "Echo: over a socket" }],
      });
      await client.close();
    } finally {
      await teardown();
    }
    expect(eventsOf(events, "tool.teardown")).toEqual([
      expect.objectContaining({ nodeId: "socket", detail: "client closed" }),
    ]);
    await expect.poll(() => peer.openSockets(), { timeout: 5_000 }).toBe(0);
  });

  it("serves a call on a worker that holds no client for it, over a short-lived socket", async () => {
    const { runId, teardown } = await registerMcpNodes(redis, {
      nodes: [mcpToolNode("socket", { transport: "http", url: peer.url, protocol: "websocket" })],
      edges: [],
    });
    try {
      for (const server of takeRunServers(runId)) await server.live.close();
      await expect.poll(() => peer.openSockets(), { timeout: 5_000 }).toBe(0);
      const client = await gatewayClient(stack.url, runId, ["socket"]);
      expect(await client.callTool({ name: "socket__echo", arguments: { message: "any worker" } })).toMatchObject({
        isError: false,
        content: [{ text: "Echo: any worker" }],
      });
      await client.close();
    } finally {
      await teardown();
    }
    await expect.poll(() => peer.openSockets(), { timeout: 5_000 }).toBe(0);
  });

  it("reports health over the socket: green while the server answers, red once it is gone", async () => {
    const own = await startWebSocketMcpPeer();
    const { events, teardown } = await registerMcpNodes(redis, {
      nodes: [mcpToolNode("watched", { transport: "http", url: own.url, healthCheckSeconds: 0.2 })],
      edges: [],
    });
    const health = () => eventsOf(events, "tool.health").map((payload) => payload.status);
    try {
      await expect.poll(health, { timeout: 5_000 }).toEqual(["green"]);
      await own.close();
      await expect.poll(health, { timeout: 8_000 }).toEqual(["green", "red"]);
    } finally {
      await teardown();
    }
  });

  it("refuses what the URL policy refuses, before connecting, with the reason", async () => {
    await putSecret("WS_MCP_ELSEWHERE", "not-for-this-host", ["mcp.example.com"]);
    const { runId, events, teardown } = await registerMcpNodes(redis, {
      nodes: [
        mcpToolNode("metadata", { transport: "http", url: "ws://169.254.169.254/mcp" }),
        mcpToolNode("private", { transport: "http", url: "wss://10.1.2.3/mcp" }),
        mcpToolNode("leaky", {
          transport: "http",
          url: peer.url,
          headers: { Authorization: { $secret: "WS_MCP_ELSEWHERE" } },
        }),
      ],
      edges: [],
    });
    await teardown();
    const unavailable = Object.fromEntries(
      eventsOf(events, "tool.unavailable").map((payload) => [payload.nodeId, payload.error]),
    );
    expect(unavailable.metadata).toMatch(
      /169\.254\.169\.254 is a private, link-local or metadata address; set SWITCHBOARD_ALLOW_PRIVATE_NETWORK=1/,
    );
    expect(unavailable.private).toMatch(/10\.1\.2\.3 is a private, link-local or metadata address/);
    expect(unavailable.leaky).toBe('secret "WS_MCP_ELSEWHERE" may only be sent to mcp.example.com, not to 127.0.0.1');
    expect(await getRegisteredTool(redis, runId, "metadata")).toMatchObject({ status: "unavailable" });
    expect(JSON.stringify(events)).not.toContain("not-for-this-host");
  });
});

describe("Discover tools on a WebSocket server", () => {
  it("lists the tools with their descriptions and hangs up", async () => {
    const discovery = await discoverMcpTools(
      { nodeId: "n1", type: "mcp.server", label: "Socket", params: { transport: "http", url: peer.url } },
      "editor",
    );
    expect(discovery).toEqual({
      ok: true,
      servers: [
        {
          key: "n1",
          source: "socket",
          ok: true,
          tools: [
            { name: "echo", description: "Echoes the message back" },
            { name: "add", description: "Adds two numbers" },
          ],
        },
      ],
    });
    await expect.poll(() => peer.openSockets(), { timeout: 5_000 }).toBe(0);
  });

  it("says which server did not answer: nothing listening, or a handshake that never comes", async () => {
    const silent: Server = createServer((socket: Socket) => void socket); // accepts, never answers the upgrade
    const sockets: Socket[] = [];
    silent.on("connection", (socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const silentPort = (silent.address() as { port: number }).port;
    // A port nothing listens on, chosen after the silent server has its own: a free port picked first was sometimes
    // handed to the silent server next, and "refused" then timed out like "silent".
    let closedPort = await freePort();
    while (closedPort === silentPort) closedPort = await freePort();
    try {
      const discovery = await discoverMcpTools(
        {
          nodeId: "grp",
          type: "mcp.group",
          label: "Group",
          params: {
            startupTimeoutSeconds: 1,
            servers: [
              { id: "refused", transport: "http", url: `ws://127.0.0.1:${closedPort}/mcp` },
              { id: "silent", transport: "http", url: `ws://127.0.0.1:${silentPort}/mcp` },
            ],
          },
        },
        "editor",
      );
      expect(discovery).toMatchObject({
        ok: true,
        servers: [
          {
            key: "refused",
            ok: false,
            error:
              `WebSocket server ws://127.0.0.1:${closedPort} did not answer (WebSocket: connect ECONNREFUSED ` +
              `127.0.0.1:${closedPort})`,
          },
          {
            key: "silent",
            ok: false,
            error:
              `WebSocket server ws://127.0.0.1:${silentPort} did not answer (WebSocket: Opening handshake has ` +
              `timed out)`,
          },
        ],
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe("A run with a WebSocket server", () => {
  it("gives an agent the tools of a group's WebSocket server declared once in the workflow, and closes the socket when the run ends", async () => {
    const graph: WorkflowGraph = {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("agent", "core.agent", {
          params: {
            provider: "scripted",
            script: { toolCalls: [{ tool: "sock__add", args: { a: 20, b: 22 } }], finalText: "sum {{results.0}}" },
          },
        }),
        graphNode("tools", "mcp.group", {
          mode: "tool",
          params: { servers: [{ id: "sock", transport: "ref", ref: "calculator" }] },
        }),
      ],
      edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("tools", "tool", "agent", "tools")],
      mcpServers: { calculator: { transport: "http", url: peer.url, protocol: "websocket" } },
    };
    const { runId, result } = await runWorkflowToEnd(stack, graph, "go");
    expect(result.error).toBeNull();
    expect(result.output).toMatchObject({ text: "sum 42" });
    const events = await listEvents(runId);
    expect(events.find((event) => event.type === "tool.call.completed")?.payload).toMatchObject({
      toolName: "sock__add",
      isError: false,
    });
    expect(events.find((event) => event.type === "tool.teardown")?.payload).toMatchObject({
      nodeId: "tools-sock",
      detail: "client closed",
    });
    await expect.poll(() => peer.openSockets(), { timeout: 5_000 }).toBe(0);
  });
});
