/** A node's allow-list and aliases become the claims of the session token it shows the gateway. */
import { describe, expect, it } from "vitest";
import { agent } from "../nodes/agent";
import { verifySessionToken, createSessionToken } from "../gateway/session-token";
import { toolClaims } from "./node-tools";
import { toolAccess } from "./tool-access-params";

const ctx = { runId: "run-1", nodeId: "agent-1", connectedToolNodeIds: ["files", "http"], emit: async () => undefined };
const paramsOf = (values: Record<string, unknown>) => agent.params.parse(values);

describe("tool claims", () => {
  it("carries the allow-list and aliases the agent's params name", async () => {
    const claims = toolClaims(
      ctx,
      toolAccess(paramsOf({ allowedTools: "read, http_request", aliases: { read: "files__read_file" } })),
    );
    expect(claims).toEqual({
      runId: "run-1",
      agentNodeId: "agent-1",
      allowedNodeIds: ["files", "http"],
      allowedTools: ["read", "http_request"],
      toolAliases: { read: "files__read_file" },
    });
    expect(await verifySessionToken(await createSessionToken(claims))).toEqual(claims);
  });

  it("leaves the allow-list out for * (every wired tool) and by default, and takes a list as well as text", () => {
    expect(toolClaims(ctx, toolAccess(paramsOf({})))).toEqual({
      runId: "run-1",
      agentNodeId: "agent-1",
      allowedNodeIds: ["files", "http"],
    });
    expect(toolClaims(ctx, toolAccess(paramsOf({ allowedTools: "*" })))).not.toHaveProperty("allowedTools");
    expect(toolClaims(ctx, toolAccess(paramsOf({ allowedTools: ["fs_read"] }))).allowedTools).toEqual(["fs_read"]);
  });

  it("rejects aliases that are not a map of names", () => {
    expect(agent.params.safeParse({ aliases: ["read"] }).success).toBe(false);
    expect(agent.params.safeParse({ aliases: { read: "" } }).success).toBe(false);
  });
});
