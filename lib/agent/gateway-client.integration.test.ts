/**
 * A node's long-lived gateway connection over many calls (a Loop's 1,000 items, an agent's many
 * steps), all under the node's one signal: the MCP SDK hangs an abort listener on the signal of
 * every request and never takes it off (and fetch keeps one until garbage collection), so each call
 * and each request gets a signal of its own, linked to the shared one only while it runs.
 * Otherwise the node's signal collects one listener per call, each keeping its call alive, and
 * aborting the node afterwards would send the gateway a cancellation for every call long finished.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getEventListeners } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionToken } from "../gateway/session-token";
import { createRedis } from "../queue/redis";
import { deleteRegistry } from "../registry/registry";
import { graphEdge, graphNode, storeRun } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { registerComponentTool } from "../tools/register-component-tool";
import { connectToGateway } from "./gateway-client";

const redis = createRedis();
let stack: TestStack;
let target: Server;
let targetUrl: string;
let runId: string;

beforeAll(async () => {
  stack = await startTestStack();
  // "/slow" never answers: a call to it runs until it is stopped.
  target = createServer(
    (req, res) => void (req.url === "/slow" || res.writeHead(200, { "content-type": "text/plain" }).end("pong")),
  );
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  const stored = await storeRun({
    nodes: [
      graphNode("agent", "core.agent"),
      graphNode("http", "core.http.request", { label: "HTTP Request", mode: "tool" }),
    ],
    edges: [graphEdge("http", "tool", "agent", "tools")],
  });
  runId = stored.runId;
  await registerComponentTool(redis, runId, stored.plan.nodes.http, {});
});

afterAll(async () => {
  await deleteRegistry(redis, runId);
  redis.disconnect();
  target.closeAllConnections();
  target.close();
  await stack.close();
});

describe("a node's gateway connection", () => {
  it("keeps one listener on the node's signal, however many calls it made", async () => {
    const token = await createSessionToken({ runId, agentNodeId: "agent", allowedNodeIds: ["http"] });
    const connection = await connectToGateway(`${stack.url}/api/mcp/gateway`, token, {
      onStart: () => undefined,
      onFinish: () => undefined,
    });
    const node = new AbortController();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      const results = await Promise.all(
        Array.from({ length: 24 }, () =>
          connection.callTool("http_request", { url: targetUrl }, { signal: node.signal }),
        ),
      );
      expect(results.map((result) => result.isError)).toEqual(Array(24).fill(false));
      // the one that hands an abort to the calls in flight (child-signal.ts)
      expect(getEventListeners(node.signal, "abort")).toHaveLength(1);
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
      expect(warnings).not.toContain("MaxListenersExceededWarning"); // nor on the connection's own signal
    } finally {
      process.off("warning", onWarning);
      await connection.close();
    }
  });

  it("still stops a call under way when the node's signal aborts", async () => {
    const token = await createSessionToken({ runId, agentNodeId: "agent", allowedNodeIds: ["http"] });
    const connection = await connectToGateway(`${stack.url}/api/mcp/gateway`, token, {
      onStart: () => undefined,
      onFinish: () => undefined,
    });
    const node = new AbortController();
    try {
      const slow = connection.callTool("http_request", { url: `${targetUrl}slow` }, { signal: node.signal });
      setTimeout(() => node.abort(new Error("the node was stopped")), 200);
      const result = await slow;
      expect(result.isError).toBe(true);
      expect(result.text).toContain("the node was stopped");
    } finally {
      await connection.close();
    }
  });
});
