/**
 * The one audit trail of tool calls, kept at the gateway for every caller — a Switchboard node's
 * own client or an outside agent holding an External Agent's token. Every call becomes
 * `tool.call.started` / `tool.call.completed` events in its run (filed under the model call named
 * in the caller's `_meta.iteration`) and a ToolCallAudit row, whatever became of it: went through
 * (reported by auditedForward), blocked or denied (reported by the guard, tool-guard.ts). Arguments
 * and results are redacted with the run's secrets before anything is written.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { randomUUID } from "node:crypto";
import { sql } from "../db/sql";
import type { RunEventInput, RunEvent } from "../runs/events";
import { publishEvents } from "../runs/live-events";
import { createEventRecorder, NOTE_FLUSH_MS, RunEndedError } from "../runs/record-event";
import type { AuditOutcome } from "./audit-values";
import { holdRunEnd, holdWhileCalling, releaseRunEnd, type EarlyHold } from "./pending-call-records";
import { resultText } from "../gateway/result-text";
import { errorResult } from "../gateway/error-result";
import { runSecrets } from "../runs/run-secrets";
import { countMetric } from "../metrics/metrics";
import type { SessionClaims } from "../gateway/session-token";
import type { RedisClient } from "../queue/redis";

/** How much of a result's text the audit row keeps (the run's event keeps it whole). */
const DETAIL_CHARS = 4_000;

export type AuditRow = {
  toolName: string;
  callId?: string;
  args: unknown;
  outcome: AuditOutcome;
  detail?: string;
  durationMs?: number;
};

/**
 * A record that fails is a warning (a call is not failed by its record); one refused because the run has ended is
 * expected.
 */
const warn = (what: string, runId: string) => (error: unknown) => {
  if (error instanceof RunEndedError) return;
  console.warn(
    `gateway: could not record ${what} for run ${runId}: ${error instanceof Error ? error.message : String(error)}`,
  );
};

type Forward<T> = (tool: T, args: Record<string, unknown>, callId?: string) => Promise<CallToolResult>;

/** `item`: the Loop item the call was made for, when a Loop made it. */
export type RecordedCall = {
  name: string;
  args: Record<string, unknown>;
  callId?: string;
  iteration: number;
  item?: number;
};

/** Hands recordCall a call's audit row (went through, blocked or denied), to be stored with its completion. */
export type ReportAudit = (row: AuditRow) => void;

/**
 * A call's last events and its audit row in one statement, so one commit (one WAL flush) instead
 * of two; then published for live readers. The workflow's id and name, and the calling node's
 * label, are copied from the run.
 * False when the run has ended: its log is closed, but the audit row is written all the same.
 */
async function storeCompletion(
  redis: RedisClient,
  scope: SessionClaims,
  events: RunEventInput[],
  audit: AuditRow | undefined,
): Promise<boolean> {
  const secrets = await runSecrets(scope.runId);
  const row = audit && {
    ...audit,
    args: secrets.redact(audit.args ?? null),
    detail: audit.detail === undefined ? null : secrets.redactText(audit.detail).slice(0, DETAIL_CHARS),
  };
  const stored = await sql<{ seq: number; createdAt: Date }>`
    WITH allocated AS (
      UPDATE "Run" SET "lastSeq" = "lastSeq" + ${events.length}
      WHERE id = ${scope.runId} AND status IN ('queued', 'running', 'waiting')
      RETURNING "lastSeq", "workflowId"),
    audited AS (
      INSERT INTO "ToolCallAudit" ("runId", "workflowId", "workflowName", "callerNodeId", "callerLabel", caller,
        "toolName", "callId", args, outcome, detail, "durationMs")
      SELECT r.id, r."workflowId", w.name, ${scope.agentNodeId}, r.plan->'nodes'->${scope.agentNodeId}::text->>'label',
        ${scope.caller ?? "agent"}, ${row?.toolName ?? ""}, ${row?.callId ?? null},
        ${JSON.stringify(row?.args ?? null)}::jsonb, ${row?.outcome ?? ""}, ${row?.detail ?? null},
        ${row?.durationMs ?? null}
      FROM "Run" r JOIN "Workflow" w ON w.id = r."workflowId"
      WHERE r.id = ${scope.runId} AND ${row !== undefined}::boolean)
    INSERT INTO "RunEvent" ("runId", seq, type, payload)
    SELECT ${scope.runId}, allocated."lastSeq" - ${events.length} + item.ord::int, item.value->>'type',
      item.value->'payload'
    FROM allocated, jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS item(value, ord)
    RETURNING seq, "createdAt"`;
  if (stored.length === 0) return false; // the run has ended: no more events (the audit row is written all the same)
  const published = stored
    .sort((a, b) => a.seq - b.seq)
    .map(
      (at, index) =>
        ({ ...events[index], runId: scope.runId, seq: at.seq, at: at.createdAt.toISOString() }) as RunEvent,
    );
  await publishEvents(redis, scope.runId, published).catch(
    warn("the call's events (stored, not published)", scope.runId),
  );
  return true;
}

/**
 * Records a call's events around all the gateway does with it — the guard's checks, an approval's
 * wait, the forwarding — so a blocked or denied call has its card in the run view too. A call that
 * ends within NOTE_FLUSH_MS is written once: its start, its completion and its audit row (reported
 * by auditedForward) in one statement; a slower one has its start written at NOTE_FLUSH_MS, so a
 * waiting call shows live. Returns the result, redacted with the run's secrets, before its record is written: the
 * record trails the answer, and the run's end waits for it (pending-call-records.ts).
 */
export async function recordCall(
  scope: SessionClaims,
  redis: RedisClient,
  call: RecordedCall,
  handle: (report: ReportAudit) => Promise<CallToolResult>,
): Promise<CallToolResult> {
  const secrets = await runSecrets(scope.runId);
  const callId = `${scope.agentNodeId}:${call.callId ?? randomUUID().slice(0, 8)}`;
  const base = {
    nodeId: scope.agentNodeId,
    callId,
    toolName: call.name,
    args: secrets.redact(call.args),
    iteration: call.iteration,
    ...(call.item === undefined ? {} : { item: call.item }),
  };
  // Built from values already checked (the SDK's request schema, the token's claims): typed, not parsed again.
  const startedEvent: RunEventInput = { type: "tool.call.started", payload: base };
  const began = performance.now();
  const start = writeStartIfSlow(redis, scope.runId, startedEvent, call.name);
  const early = holdWhileCalling(redis, scope.runId);
  let audit: AuditRow | undefined;
  let result: CallToolResult;
  try {
    result = await handle((row) => void (audit = row));
  } catch (error) {
    result = errorResult(error instanceof Error ? error.message : String(error));
  } finally {
    start.stopWaiting();
  }
  countMetric("gatewayCalls", { outcome: audit?.outcome ?? "failed" });
  // What the caller gets back is redacted too: a tool echoing a secret hands the model "[secret]", never the value.
  const answer = secrets.redact(result);
  const completed: RunEventInput = {
    type: "tool.call.completed",
    payload: {
      ...base,
      result: secrets.redactText(resultText(answer)),
      isError: result.isError === true,
      durationMs: Math.round(performance.now() - began),
    },
  };
  const store = async () => {
    const startWritten = start.written();
    await startWritten; // the start goes first, whichever way it was written
    await storeCompletion(redis, scope, startWritten ? [completed] : [startedEvent, completed], audit).catch(
      warn(`${call.name}'s completion`, scope.runId),
    );
  };
  await storeBehindAnswer(redis, scope.runId, store, call.name, early);
  return answer;
}

/** A call still going after NOTE_FLUSH_MS has its start written then, so it shows live while it waits. */
function writeStartIfSlow(redis: RedisClient, runId: string, startedEvent: RunEventInput, name: string) {
  let written: Promise<unknown> | undefined;
  const early = setTimeout(() => {
    written = createEventRecorder(redis, runId, { onlyWhileRunning: true })(startedEvent).catch(
      warn(`${name}'s start`, runId),
    );
  }, NOTE_FLUSH_MS);
  return { stopWaiting: () => clearTimeout(early), written: () => written };
}

/**
 * The record trails the answer, and the run's end waits for it (a pending-record count, held since the call went out
 * when the call was quick, or now). Without the count (Redis away) the run's end could not wait for the record: it is
 * stored first, as it used to be.
 */
async function storeBehindAnswer(
  redis: RedisClient,
  runId: string,
  store: () => Promise<void>,
  name: string,
  early: EarlyHold,
) {
  const held =
    (await early.claim()) ||
    (await holdRunEnd(redis, runId).then(
      () => true,
      () => false,
    ));
  if (!held) return store();
  void store().finally(() => releaseRunEnd(redis, runId).catch(warn(`${name}'s pending record`, runId)));
}

/**
 * Wraps forwarding so each call that went through (with the arguments it went ahead with) leaves its audit row, stored
 * with its completion.
 */
export function auditedForward<T>(name: string, forward: Forward<T>, report: ReportAudit): Forward<T> {
  return async (tool, args, callId) => {
    const started = performance.now();
    const result = await forward(tool, args, callId);
    report({
      toolName: name,
      callId,
      args,
      outcome: result.isError === true ? "error" : "completed",
      detail: resultText(result),
      durationMs: Math.round(performance.now() - started),
    });
    return result;
  };
}
