/**
 * The one audit trail of tool calls, kept at the gateway for every caller — a Switchboard node's
 * own client or an outside agent holding an External Agent's token. A call that goes through
 * becomes `tool.call.started` / `tool.call.completed` events in its run (filed under the model
 * call named in the caller's `_meta.iteration`) and a ToolCallAudit row; a call that is blocked or
 * denied becomes a row too (its event is the guard's, tool-guard.ts). Arguments and results are
 * redacted with the run's secrets before anything is written.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Redis } from "ioredis";
import { randomUUID } from "node:crypto";
import { sqlCount } from "../db/sql";
import { createEventRecorder } from "../runs/record-event";
import { resultText } from "../gateway/result-text";
import { runSecrets } from "../gateway/run-secrets";
import type { SessionClaims } from "../gateway/session-token";

/** How much of a result's text the audit row keeps (the run's event keeps it whole). */
const DETAIL_CHARS = 4_000;

export type AuditOutcome = "completed" | "error" | "blocked" | "denied";

type AuditRow = { toolName: string; callId?: string; args: unknown; outcome: AuditOutcome; detail?: string; durationMs?: number };

const warn = (what: string, runId: string) => (error: unknown) =>
  console.warn(`gateway: could not record ${what} for run ${runId}: ${error instanceof Error ? error.message : String(error)}`);

/** One audit row, with the run's workflow (id and name) copied in the same statement. Never throws: a call is not failed by its record. */
export async function writeAudit(scope: SessionClaims, row: AuditRow): Promise<void> {
  const secrets = await runSecrets(scope.runId);
  const detail = row.detail === undefined ? null : secrets.redactText(row.detail).slice(0, DETAIL_CHARS);
  await sqlCount`
    INSERT INTO "ToolCallAudit" ("runId", "workflowId", "workflowName", "callerNodeId", caller, "toolName", "callId", args, outcome, detail, "durationMs")
    SELECT r.id, r."workflowId", w.name, ${scope.agentNodeId}, ${scope.caller ?? "agent"}, ${row.toolName}, ${row.callId ?? null},
      ${JSON.stringify(secrets.redact(row.args ?? null))}::jsonb, ${row.outcome}, ${detail}, ${row.durationMs ?? null}
    FROM "Run" r JOIN "Workflow" w ON w.id = r."workflowId" WHERE r.id = ${scope.runId}`.catch(warn(`the audit row of ${row.toolName}`, scope.runId));
}

type Forward<T> = (tool: T, args: Record<string, unknown>, callId?: string) => Promise<CallToolResult>;

/**
 * Wraps the gateway's forwarding so each call is recorded. The start is noted (it rides with the
 * completion when the call is quick, else goes within NOTE_FLUSH_MS, so a waiting call shows
 * live); the completion and the audit row are written together before the result goes back.
 */
export function recordedCalls<T>(scope: SessionClaims, redis: Redis, name: string, iteration: number, forward: Forward<T>): Forward<T> {
  return async (tool, args, callId) => {
    const secrets = await runSecrets(scope.runId);
    const record = createEventRecorder(redis, scope.runId);
    const id = callId ?? `${scope.agentNodeId}:${randomUUID().slice(0, 8)}`;
    const shownArgs = secrets.redact(args);
    const started = performance.now();
    record.note({ type: "tool.call.started", payload: { nodeId: scope.agentNodeId, callId: id, toolName: name, args: shownArgs, iteration } });
    let result: CallToolResult;
    try {
      result = await forward(tool, args, id);
    } catch (error) {
      result = { content: [{ type: "text", text: error instanceof Error ? error.message : String(error) }], isError: true };
    }
    const text = secrets.redactText(resultText(result));
    const isError = result.isError === true;
    const durationMs = Math.round(performance.now() - started);
    await Promise.all([
      record({ type: "tool.call.completed", payload: { nodeId: scope.agentNodeId, callId: id, toolName: name, args: shownArgs, result: text, isError, iteration, durationMs } }).catch(warn(`${name}'s completion`, scope.runId)),
      writeAudit(scope, { toolName: name, callId: id, args, outcome: isError ? "error" : "completed", detail: text, durationMs }),
    ]);
    return result;
  };
}
