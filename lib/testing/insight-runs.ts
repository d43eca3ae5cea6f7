/**
 * Stored runs with known statuses, times, costs, token counts, failed nodes and gateway-recorded tool calls, written
 * straight into PostgreSQL as the engine and the gateway would leave them: Insights' tests need figures they can
 * compute by hand, which real runs (whose durations vary) cannot give.
 */
import { randomUUID } from "node:crypto";
import { inTransaction } from "../db/sql";
import type { RunStatusName } from "../runs/run-statuses";

export type SeededToolCall = {
  toolName: string;
  outcome: "completed" | "error" | "blocked";
  durationMs: number | null;
};

export type SeededRun = {
  status: RunStatusName;
  createdAt: string;
  /** Start to end; a run without it never started or has not ended. */
  durationMs?: number;
  costUsd?: number;
  /** One llm.usage event per entry (a model node's total tokens). */
  tokens?: number[];
  failedNodes?: string[];
  /** Nodes that failed and handed their error on (onError: continue). */
  handledErrorNodes?: string[];
  toolCalls?: SeededToolCall[];
  kind?: "normal" | "test" | "evaluation";
};

type Event = { type: string; payload: object };

function eventsOf(run: SeededRun): Event[] {
  return [
    ...(run.tokens ?? []).map((totalTokens) => ({
      type: "llm.usage",
      payload: { nodeId: "model", inputTokens: totalTokens, outputTokens: 0, totalTokens },
    })),
    ...(run.failedNodes ?? []).map((nodeId) => ({ type: "node.failed", payload: { nodeId, error: "it broke" } })),
    ...(run.handledErrorNodes ?? []).map((nodeId) => ({
      type: "node.completed",
      payload: { nodeId, output: null, durationMs: 1, handledError: "it broke" },
    })),
  ];
}

function triggerOf(kind: SeededRun["kind"]) {
  if (kind === "test") return { kind: "manual", test: { mode: "all", ranNodeIds: [], pinnedNodeIds: [] } };
  return { kind: kind === "evaluation" ? "evaluation" : "api" };
}

/** Stores `runs` of a workflow whose graph is `graph` (labels come from it); answers their ids in order. */
export async function seedInsightRuns(
  workflow: { id: string; name: string; graph: object },
  runs: SeededRun[],
): Promise<string[]> {
  return inTransaction(async (tx) => {
    const ids: string[] = [];
    for (const run of runs) {
      const id = randomUUID();
      ids.push(id);
      const created = new Date(run.createdAt);
      const started = run.durationMs === undefined && run.status === "queued" ? null : created.toISOString();
      const finished = run.durationMs === undefined ? null : new Date(created.getTime() + run.durationMs).toISOString();
      const events = eventsOf(run);
      await tx`
        INSERT INTO "Run" (id, "workflowId", status, plan, graph, trigger, "createdAt", "startedAt", "finishedAt",
          "costUsd", "lastSeq")
        VALUES (${id}, ${workflow.id}, ${run.status}::"RunStatus", '{}'::jsonb,
          ${JSON.stringify(workflow.graph)}::jsonb,
          ${JSON.stringify(triggerOf(run.kind))}::jsonb, ${created.toISOString()}::timestamp,
          ${started}::timestamp, ${finished}::timestamp, ${run.costUsd ?? 0}, ${events.length})`;
      await tx`
        INSERT INTO "RunEvent" ("runId", seq, type, payload, "createdAt")
        SELECT ${id}, ordinality, type, payload::jsonb, ${created.toISOString()}::timestamp
        FROM unnest(${events.map((event) => event.type)}::text[],
          ${events.map((event) => JSON.stringify(event.payload))}::text[])
          WITH ORDINALITY AS seeded(type, payload, ordinality)`;
      for (const call of run.toolCalls ?? [])
        await tx`
          INSERT INTO "ToolCallAudit" (at, "runId", "workflowId", "workflowName", "callerNodeId", caller, "toolName",
            args, outcome, "durationMs")
          VALUES (${created.toISOString()}::timestamp, ${id}, ${workflow.id}, ${workflow.name}, 'agent', 'agent',
            ${call.toolName}, '{}'::jsonb, ${call.outcome}, ${call.durationMs})`;
    }
    return ids;
  });
}
