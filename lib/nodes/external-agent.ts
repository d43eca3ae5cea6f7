/**
 * External Agent: bring your own agent. The node hands the tools wired into it to an agent outside
 * Switchboard, with a gateway token scoped to exactly those tools (same allow-list, aliases and
 * approvals as the built-in agent), and the gateway records that agent's calls. Either
 * - "person": the run view shows the gateway URL and the token (copy buttons, expiry) to paste into
 *   any MCP client, and the node waits until someone presses Done, whose text becomes its output —
 *   suspended meanwhile (no worker, no blocked connection: lib/runs/node-waits.ts); or
 * - "process": it starts a configured agent program with the URL and token in its environment and a
 *   generated MCP client configuration (lib/external-agent/agent-process.ts), waits for it to exit
 *   and takes what it printed. This starts a program on the machine: host access rules apply.
 * The token dies with the node.
 */
import type { z } from "zod";
import { toolClaims } from "../agent/node-tools";
import { runAgentProcess } from "../external-agent/agent-process";
import { dropHandoff, storeHandoff } from "../external-agent/handoff";
import { endCallerTokens } from "../gateway/run-liveness";
import { createSessionToken } from "../gateway/session-token";
import { appBaseUrl } from "../platform/app-url";
import { sharedRedis } from "../queue/redis";
import { ExternalAgentParams } from "./host-params";
import { defineComponent, type ExecuteContext } from "./types";

export const externalAgent = defineComponent({
  id: "core.external.agent",
  label: "External Agent",
  category: "AI",
  icon: "plug",
  description:
    "Hands the tools wired into it to an agent you run (Claude Desktop, Cursor, a script) and waits until you press " +
    "Done — or starts your agent program and takes what it prints.",
  inputs: [{ name: "input", label: "Task" }],
  outputs: [{ name: "text", label: "Answer" }],
  acceptsTools: true,
  handsOutGatewayToken: true,
  requiresTool: true,
  hostAccess: { param: "mode", equals: "process" },
  fields: [
    {
      name: "mode",
      label: "Agent",
      kind: "select",
      options: [
        { value: "person", label: "A person connects an MCP client (URL + token, then Done)" },
        { value: "process", label: "Start an agent program (its output is the answer)" },
      ],
    },
    {
      name: "instructions",
      label: "Instructions",
      kind: "template",
      templated: true,
      placeholder: "Triage {{input}} with the tools below, then press Done with a summary.",
    },
    { name: "waitMinutes", label: "Wait at most (minutes)", kind: "number" },
    {
      name: "command",
      label: "Command",
      kind: "text",
      placeholder: "node",
      help:
        "On the MCP allow-list (SWITCHBOARD_MCP_COMMANDS). It gets SWITCHBOARD_GATEWAY_URL, " +
        "SWITCHBOARD_GATEWAY_TOKEN, SWITCHBOARD_MCP_CONFIG and SWITCHBOARD_TASK (the instructions).",
      visibleWhen: { param: "mode", equals: "process" },
    },
    {
      name: "args",
      label: "Arguments",
      kind: "json",
      placeholder: '["my-agent.js", "--once"]',
      visibleWhen: { param: "mode", equals: "process" },
    },
  ],
  params: ExternalAgentParams,
  harmlessToRepeat: (params) => params.mode === "person", // its wait is stored: running it again finds it
  async execute(ctx) {
    const { runId, nodeId, params, signal, emit, waits } = ctx;
    const redis = sharedRedis();
    const ttlSeconds = params.waitMinutes * 60;
    if (params.mode === "person") {
      if (!waits) throw new Error("An External Agent waiting for a person cannot run as a tool");
      const until = new Date(Date.now() + ttlSeconds * 1000);
      const opened = await waits.open({ kind: "external", until, detail: { instructions: params.instructions } });
      if (!opened.outcome) {
        await waits.handOut(() => handOut(ctx, until));
        return waits.suspend();
      }
      await Promise.all([dropHandoff(redis, runId, nodeId), endCallerTokens(redis, runId, nodeId)]);
      const text = opened.outcome.timedOut ? null : String((opened.outcome.value as { text?: unknown }).text ?? "");
      await emit({ type: "external.agent.done", payload: { nodeId, text: text ?? "", timedOut: text === null } });
      if (text === null) throw new Error(`Nobody pressed Done within ${params.waitMinutes} minutes`);
      return { text };
    }
    if (!params.command) throw new Error("command: name the agent program to start");
    const token = await createSessionToken({ ...toolClaims(ctx, {}), caller: "external" }, ttlSeconds);
    try {
      const text = await runAgentProcess({
        runId,
        command: params.command,
        args: params.args,
        task: params.instructions,
        gatewayUrl: `${appBaseUrl()}/api/mcp/gateway`,
        token,
        timeoutMs: ttlSeconds * 1000,
        signal,
      });
      return { text };
    } finally {
      await endCallerTokens(redis, runId, nodeId);
    }
  },
});

/**
 * Mints the token scoped to the wired tools, keeps it for the run view (Redis, never an event) and announces the
 * wait.
 */
async function handOut(ctx: ExecuteContext<z.infer<typeof ExternalAgentParams>>, until: Date): Promise<void> {
  const ttlSeconds = Math.ceil((until.getTime() - Date.now()) / 1000);
  const token = await createSessionToken({ ...toolClaims(ctx, {}), caller: "external" }, ttlSeconds);
  const handoff = { url: `${appBaseUrl()}/api/mcp/gateway`, token, expiresAt: until.toISOString() };
  await storeHandoff(sharedRedis(), ctx.runId, ctx.nodeId, handoff, ttlSeconds);
  await ctx.emit({
    type: "external.agent.waiting",
    payload: {
      nodeId: ctx.nodeId,
      url: handoff.url,
      expiresAt: handoff.expiresAt,
      instructions: ctx.params.instructions,
    },
  });
}
