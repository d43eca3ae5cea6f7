/**
 * The gateway's per-request read of a run's state, against the real Redis: the parsed registry entries it keeps by
 * their stored text must never hide a change — an entry registered again, a tool that became unavailable, a run that
 * ended.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sharedRedis } from "../queue/redis";
import { deleteRegistry, registerTool, type RegisteredTool } from "../registry/registry";
import { readGatewayState } from "./gateway-state";
import { markRunEnded, markRunLive } from "./run-liveness";

const runId = `gateway-state-${Date.now()}`;
const scope = { runId, agentNodeId: "agent", allowedNodeIds: ["http"] };
const entry = (description: string, status: RegisteredTool["status"] = "ready"): RegisteredTool => ({
  nodeId: "http",
  toolName: "http_request",
  kind: "component",
  description,
  inputSchema: { type: "object" },
  boundInputs: {},
  status,
});

afterAll(async () => {
  await deleteRegistry(sharedRedis(), runId);
  await markRunEnded(sharedRedis(), runId);
});

describe("readGatewayState", () => {
  it("reads each request's registry afresh, though it parses an unchanged entry once", async () => {
    const redis = sharedRedis();
    await markRunLive(redis, runId);
    await registerTool(redis, runId, entry("first"));
    const first = await readGatewayState(redis, scope);
    const again = await readGatewayState(redis, scope);
    expect(first.refusal).toBeUndefined();
    expect(first.refusal === undefined && first.tools.map((tool) => tool.description)).toEqual(["first"]);
    // The same stored text: the same parsed entry, shared (and frozen, so no request can change it for another).
    expect(again.refusal === undefined && again.tools[0]).toBe(first.refusal === undefined && first.tools[0]);
    expect(Object.isFrozen(again.refusal === undefined && again.tools[0])).toBe(true);

    await registerTool(redis, runId, entry("second"));
    const changed = await readGatewayState(redis, scope);
    expect(changed.refusal === undefined && changed.tools.map((tool) => tool.description)).toEqual(["second"]);

    await registerTool(redis, runId, entry("second", "unavailable"));
    const unavailable = await readGatewayState(redis, scope);
    expect(unavailable.refusal === undefined && unavailable.tools).toEqual([]);
  });

  it("refuses the token of a run that has ended, whatever it parsed before", async () => {
    const redis = sharedRedis();
    await markRunLive(redis, runId);
    await registerTool(redis, runId, entry("live"));
    expect((await readGatewayState(redis, scope)).refusal).toBeUndefined();
    await markRunEnded(redis, runId);
    // No such run in the database either: the missing live key is not taken for a Redis restart.
    expect((await readGatewayState(redis, scope)).refusal).toMatch(/no longer running/);
  });
});
