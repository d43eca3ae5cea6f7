/**
 * Two parts of the gateway's own work in a tools/call, run alone for the gateway scenario to print beside
 * `gateway_own_p50_ms`: what the call contract itself costs before anything else of ours runs. One is the state read
 * every request makes (the run's liveness, the caller's end, the run's registered tools: one Redis round trip); the
 * other is a call's record around a tool that answers at once (its events and audit row in one statement, the hold
 * that keeps the run's end waiting for them, the events published). Both through the gateway's own functions, on the
 * bench's run, in the bench's process (in-process only: there they are the gateway's code on the gateway's thread).
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { recordCall } from "../../lib/audit/call-audit";
import { readGatewayState } from "../../lib/gateway/gateway-state";
import type { SessionClaims } from "../../lib/gateway/session-token";
import type { RedisClient } from "../../lib/queue/redis";

export type GatewayOwnParts = { stateRead: () => Promise<void>; record: () => Promise<void> };

export function gatewayOwnParts(redis: RedisClient, scope: SessionClaims, toolName: string): GatewayOwnParts {
  const answer: CallToolResult = { content: [{ type: "text", text: "ok" }], isError: false };
  const args = { url: "http://127.0.0.1/" };
  return {
    stateRead: async () => {
      const state = await readGatewayState(redis, scope);
      if (state.refusal !== undefined) throw new Error(`bench: the gateway state refused the run: ${state.refusal}`);
    },
    record: async () => {
      await recordCall(scope, redis, { name: toolName, args, iteration: 1 }, async (report) => {
        report({ toolName, args, outcome: "completed", detail: "ok", durationMs: 0 });
        return answer;
      });
    },
  };
}
