/**
 * The official MCP Inspector CLI (`@modelcontextprotocol/inspector --cli`) as a real third-party
 * client of the gateway: with a run's session token it lists the run's MCP tools and calls one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionToken } from "../gateway/session-token";
import { getDb } from "../db/client";
import { createRedis } from "../queue/redis";
import { everythingStdio, processesWith } from "../testing/mcp-peers";
import { graphNode, storeRun } from "../testing/fixtures";
import { inspectorCli } from "../testing/inspector-cli";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { registerMcpNode } from "./register-mcp-node";
import { teardownRunMcp } from "./teardown";

const redis = createRedis();
const tag = `mcp-test-inspector-${process.pid}-${Date.now()}`;
const startedAt = new Date();
let stack: TestStack;
let runId: string;
let token: string;
const noEvents = async () => undefined;

beforeAll(async () => {
  stack = await startTestStack();
  const stored = await storeRun({
    nodes: [graphNode("everything", "mcp.server", { mode: "tool", params: everythingStdio(tag) })],
    edges: [],
  });
  runId = stored.runId;
  await registerMcpNode(redis, runId, stored.plan.nodes.everything, noEvents);
  token = await createSessionToken({ runId, agentNodeId: "agent", allowedNodeIds: ["everything"] });
});
afterAll(async () => {
  await teardownRunMcp(runId, noEvents);
  await getDb().workflow.deleteMany({ where: { createdAt: { gte: startedAt } } });
  redis.disconnect();
  await stack.close();
});

/** Runs the Inspector CLI against the gateway with the run's token. */
const inspector = (...args: string[]) =>
  inspectorCli(`${stack.url}/api/mcp/gateway`, { Authorization: `Bearer ${token}` }, ...args);

describe("MCP Inspector CLI against the gateway", () => {
  it("lists the run's MCP tools as {source}__{tool}", async () => {
    const listed = (await inspector("--method", "tools/list")) as { tools: { name: string; description?: string }[] };
    const names = listed.tools.map((tool) => tool.name);
    expect(names).toContain("everything__echo");
    expect(names).toContain("everything__get-sum");
    expect(listed.tools.find((tool) => tool.name === "everything__echo")?.description).toMatch(/echo/i);
  });

  it("calls a tool and gets the server's result back unchanged", async () => {
    const result = await inspector(
      "--method",
      "tools/call",
      "--tool-name",
      "everything__echo",
      "--tool-arg",
      "message=from the inspector",
    );
    expect(result).toMatchObject({ content: [{ type: "text", text: "Echo: from the inspector" }] });
    expect(result.isError).toBeFalsy();
    expect(processesWith(tag)).toHaveLength(1);
  });

  it("is refused without a valid token", async () => {
    token = "not-a-token";
    // The gateway answers 401 with a Bearer challenge; the Inspector reports that it needs auth.
    await expect(inspector("--method", "tools/list", "--stored-auth-only")).rejects.toThrow(/auth_required/);
  });
});
