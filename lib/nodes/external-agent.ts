/**
 * External Agent: bring your own agent. The node hands the tools wired into it to an agent outside
 * Switchboard — the run view shows the gateway URL and a token scoped to exactly those tools (copy
 * buttons, expiry) to paste into any MCP client — and waits until someone presses Done, whose text
 * becomes its output. The gateway records the agent's calls; the token dies with the node.
 */
import { z } from "zod";
import { toolClaims } from "../agent/node-tools";
import { dropHandoff, storeHandoff, waitForDone } from "../external-agent/handoff";
import { endCallerTokens } from "../gateway/run-liveness";
import { createSessionToken } from "../gateway/session-token";
import { appBaseUrl } from "../platform/app-url";
import { sharedRedis } from "../queue/redis";
import { defineComponent } from "./types";

export const externalAgent = defineComponent({
  id: "core.external.agent",
  label: "External Agent",
  category: "AI",
  icon: "plug",
  description: "Hands the tools wired into it to an agent you run (Claude Desktop, Cursor, a script) and waits until you press Done.",
  inputs: [{ name: "input", label: "Task" }],
  outputs: [{ name: "text", label: "Answer" }],
  acceptsTools: true,
  handsOutGatewayToken: true,
  requiresTool: true,
  fields: [
    { name: "instructions", label: "Instructions", kind: "template", templated: true, placeholder: "Triage {{input}} with the tools below, then press Done with a summary." },
    { name: "waitMinutes", label: "Wait at most (minutes)", kind: "number" },
  ],
  params: z.object({
    input: z.unknown().optional(),
    instructions: z.string().default("{{input}}"),
    waitMinutes: z.number().int().min(1).max(24 * 60).default(30),
  }),
  async execute(ctx) {
    const { runId, nodeId, params, signal, emit } = ctx;
    const redis = sharedRedis();
    const ttlSeconds = params.waitMinutes * 60;
    const token = await createSessionToken({ ...toolClaims(ctx, {}), caller: "external" }, ttlSeconds);
    const handoff = { url: `${appBaseUrl()}/api/mcp/gateway`, token, expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString() };
    await storeHandoff(redis, runId, nodeId, handoff, ttlSeconds);
    try {
      await emit({ type: "external.agent.waiting", payload: { nodeId, url: handoff.url, expiresAt: handoff.expiresAt, instructions: params.instructions } });
      const text = await waitForDone(redis, runId, nodeId, ttlSeconds * 1000, signal);
      signal.throwIfAborted();
      await emit({ type: "external.agent.done", payload: { nodeId, text: text ?? "", timedOut: text === null } });
      if (text === null) throw new Error(`Nobody pressed Done within ${params.waitMinutes} minutes`);
      return { text };
    } finally {
      await Promise.all([dropHandoff(redis, runId, nodeId), endCallerTokens(redis, runId, nodeId)]);
    }
  },
});
