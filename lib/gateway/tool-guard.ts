/**
 * The gateway's checks between "the agent called a name" and "the call reaches a tool": the
 * agent's allow-list and aliases (refusals go back to the model as error results and are
 * recorded as `tool.call.blocked` and reported for the audit trail), then human approval for tools
 * that require it (a denial is reported too).
 */
import { errorResult } from "./error-result";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { SessionClaims } from "./session-token";
import { awaitApproval } from "../approvals/await-approval";
import { createEventRecorder, RunEndedError } from "../runs/record-event";
import type { RunEventInput } from "../runs/events";
import type { ExposedTool } from "./mcp-tools";
import { resolveTool } from "./tool-policy";
import type { ReportAudit } from "../audit/call-audit";
import { runSecrets } from "../runs/run-secrets";
import type { RedisClient } from "../queue/redis";

/** What the guard needs of an exposed tool: its name and the tool-mode node behind it. */
type GuardedTool = Pick<ExposedTool, "name" | "nodeId" | "registered">;

export type GuardedCall = { name: string; args: Record<string, unknown>; callId?: string };

/** A gateway event must never turn into a failed call: the refusal or decision still reaches the model. */
async function recordGatewayEvent(redis: RedisClient, runId: string, event: RunEventInput): Promise<void> {
  try {
    await createEventRecorder(redis, runId, { onlyWhileRunning: true })(event);
  } catch (error) {
    if (error instanceof RunEndedError) return; // a late decision of a run that has ended: its log is closed
    console.warn(
      `gateway: could not record ${event.type} for run ${runId}: ` +
        `${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export async function guardToolCall<T extends GuardedTool>(
  scope: SessionClaims,
  redis: RedisClient,
  exposed: readonly T[],
  call: GuardedCall,
  forward: (tool: T, args: Record<string, unknown>, callId?: string) => Promise<CallToolResult>,
  report: ReportAudit,
): Promise<CallToolResult> {
  const resolved = resolveTool(call.name, exposed, scope);
  if (!resolved.ok) {
    await recordGatewayEvent(redis, scope.runId, {
      type: "tool.call.blocked",
      payload: {
        nodeId: scope.agentNodeId,
        toolName: call.name,
        args: (await runSecrets(scope.runId)).redact(call.args),
        reason: resolved.reason,
      },
    });
    report({ toolName: call.name, callId: call.callId, args: call.args, outcome: "blocked", detail: resolved.reason });
    return errorResult(`Blocked: ${resolved.reason}`);
  }
  // Named like the agent's tool-call events (`agentNodeId:callId`), so the two line up in the run view.
  const callId = call.callId === undefined ? undefined : `${scope.agentNodeId}:${call.callId}`;
  const approval = await awaitApproval(
    redis,
    scope,
    { tool: resolved.tool.registered, toolName: resolved.name, args: call.args, callId },
    (event) => recordGatewayEvent(redis, scope.runId, event),
  );
  if (!approval.approved) {
    report({ toolName: resolved.name, callId, args: call.args, outcome: "denied", detail: approval.message });
    return errorResult(approval.message);
  }
  return forward(resolved.tool, approval.args, callId);
}
