/** The tool registry against the real Redis: per-run hashes, TTL, teardown, and the scope rule. */
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createRedis } from "../queue/redis";
import {
  deleteRegistry,
  getRegisteredTool,
  isInScope,
  listRegisteredTools,
  registerTool,
  registryKey,
  type RegisteredTool,
} from "./registry";

const redis = createRedis();
afterAll(() => redis.disconnect());

const tool = (nodeId: string, toolName = nodeId): RegisteredTool => ({
  nodeId,
  toolName,
  kind: "component",
  description: `tool ${toolName}`,
  inputSchema: { type: "object", properties: { url: { type: "string" } } },
  boundInputs: {},
  status: "ready",
});

describe("tool registry", () => {
  it("keeps each run's tools apart, with a TTL, until teardown", async () => {
    const runA = randomUUID();
    const runB = randomUUID();
    await registerTool(redis, runA, tool("http-1", "http_request"));
    await registerTool(redis, runA, tool("http-2", "fetch_page"));
    await registerTool(redis, runB, tool("other"));

    expect((await listRegisteredTools(redis, runA)).map((t) => t.toolName).sort()).toEqual([
      "fetch_page",
      "http_request",
    ]);
    expect(await getRegisteredTool(redis, runA, "http-2")).toMatchObject({ toolName: "fetch_page", status: "ready" });
    expect(await getRegisteredTool(redis, runA, "other")).toBeNull();
    expect(await redis.ttl(registryKey(runA))).toBeGreaterThan(0);

    await deleteRegistry(redis, runA);
    expect(await listRegisteredTools(redis, runA)).toEqual([]);
    expect(await listRegisteredTools(redis, runB)).toHaveLength(1);
    await deleteRegistry(redis, runB);
  });

  it("refuses an entry that breaks the contract", async () => {
    await expect(
      registerTool(redis, randomUUID(), { ...tool("x"), status: "maybe" } as unknown as RegisteredTool),
    ).rejects.toThrow();
  });

  it("scopes by node id and by the group a server was registered under, never by a name prefix", () => {
    expect(isInScope({ nodeId: "http" }, ["http"])).toBe(true);
    expect(isInScope({ nodeId: "group-1-serverA", groupNodeId: "group-1" }, ["group-1"])).toBe(true);
    expect(isInScope({ nodeId: "t-2" }, ["t"])).toBe(false); // a plain node that merely starts with "t-"
    expect(isInScope({ nodeId: "http2" }, ["http"])).toBe(false);
    expect(isInScope({ nodeId: "http" }, [])).toBe(false);
  });
});
