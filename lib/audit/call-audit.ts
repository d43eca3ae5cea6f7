/**
 * The one audit trail of tool calls, kept at the gateway for every caller — a Switchboard node's
 * own client or an outside agent holding an External Agent's token. Every call becomes
 * `tool.call.started` / `tool.call.completed` events in its run (filed under the model call named
 * in the caller's `_meta.iteration`), whatever became of it; a call that went through becomes a
 * ToolCallAudit row, and so does one that was blocked or denied (written by the guard,
 * tool-guard.ts, with its `tool.call.blocked` event). Arguments and results are redacted with the
 * run's secrets before anything is written.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Redis } from "ioredis";
import { randomUUID } from "node:crypto";
import { sqlCount } from "../db/sql";
import { createEventRecorder, RunEndedError } from "../runs/record-event";
import type { AuditOutcome } from "./audit-values";
import { resultText } from "../gateway/result-text";
import { runSecrets } from "../gateway/run-secrets";
import type { SessionClaims } from "../gateway/session-token";

/** How much of a result's text the audit row keeps (the run's event keeps it whole). */
const DETAIL_CHARS = 4_000;

type AuditRow = { toolName: string; callId?: string; args: unknown; outcome: AuditOutcome; detail?: string; durationMs?: number };

/** A record that fails is a warning (a call is not failed by its record); one refused because the run has ended is expected. */
const warn = (what: string, runId: string) => (error: unknown) => {
  if (error instanceof RunEndedError) return;
  console.warn(`gateway: could not record ${what} for run ${runId}: ${error instanceof Error ? error.message : String(error)}`);
};

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

export type RecordedCall = { name: string; args: Record<string, unknown>; callId?: string; iteration: number };

/**
 * Records a call's events around all the gateway does with it — the guard's checks, an approval's
 * wait, the forwarding — so a blocked or denied call has its card in the run view too. The start
 * is noted (it rides with the completion when the call is quick, else goes within NOTE_FLUSH_MS,
 * so a waiting call shows live). Returns the result unchanged.
 */
export async function recordCall(scope: SessionClaims, redis: Redis, call: RecordedCall, handle: () => Promise<CallToolResult>): Promise<CallToolResult> {
  const secrets = await runSecrets(scope.runId);
  const record = createEventRecorder(redis, scope.runId, { onlyWhileRunning: true });
  const callId = `${scope.agentNodeId}:${call.callId ?? randomUUID().slice(0, 8)}`;
  const base = { nodeId: scope.agentNodeId, callId, toolName: call.name, args: secrets.redact(call.args), iteration: call.iteration };
  const started = performance.now();
  record.note({ type: "tool.call.started", payload: base });
  let result: CallToolResult;
  try {
    result = await handle();
  } catch (error) {
    result = { content: [{ type: "text", text: error instanceof Error ? error.message : String(error) }], isError: true };
  }
  const text = secrets.redactText(resultText(result));
  await record({ type: "tool.call.completed", payload: { ...base, result: text, isError: result.isError === true, durationMs: Math.round(performance.now() - started) } }).catch(
    warn(`${call.name}'s completion`, scope.runId),
  );
  return result;
}

/** Wraps forwarding so each call that went through (with the arguments it went ahead with) leaves its audit row. */
export function auditedForward<T>(scope: SessionClaims, name: string, forward: Forward<T>): Forward<T> {
  return async (tool, args, callId) => {
    const started = performance.now();
    const result = await forward(tool, args, callId);
    const secrets = await runSecrets(scope.runId);
    await writeAudit(scope, {
      toolName: name,
      callId,
      args,
      outcome: result.isError === true ? "error" : "completed",
      detail: secrets.redactText(resultText(result)),
      durationMs: Math.round(performance.now() - started),
    });
    return result;
  };
}
