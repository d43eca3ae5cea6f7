/** One line of the run timeline per event, in words: what happened, to which node, and how it went. */
import { AGENT_LIMIT_NOTES } from "@/lib/agent/stop-reason";
import type { ApprovalDecider, RunEvent } from "@/lib/runs/events";
import { formatDuration } from "./format-duration";
import { previewValue } from "./format-value";

export type TimelineTone = "neutral" | "accent" | "tool" | "success" | "warning" | "danger";

export type TimelineEntry = { tone: TimelineTone; title: string; detail?: string; nodeId?: string };

const DECIDED_BY_NOTE: Record<ApprovalDecider, string> = {
  person: "",
  timeout: " (no decision in time)",
  "run-end": " (the run ended)",
};

/** Events the node inspector shows instead of the timeline (a node's settings would double its lines). */
export const NOT_ON_TIMELINE: ReadonlySet<RunEvent["type"]> = new Set(["node.params", "agent.text"]);

export function describeEvent(event: RunEvent, labelOf: (nodeId: string) => string): TimelineEntry {
  switch (event.type) {
    case "run.queued":
      return { tone: "neutral", title: "Run queued" };
    case "run.started":
      return { tone: "accent", title: "Run started" };
    case "run.completed":
      return { tone: "success", title: "Run completed", detail: formatDuration(event.payload.durationMs) };
    case "run.failed":
      return {
        tone: "danger",
        title: event.payload.nodeId ? `Run failed at ${labelOf(event.payload.nodeId)}` : "Run failed",
        detail: event.payload.error,
        nodeId: event.payload.nodeId,
      };
    case "run.cancelled":
      return { tone: "neutral", title: "Run cancelled" };
    case "run.resumed": {
      const { attempt, completedNodeIds, retriedNodeIds } = event.payload;
      const retried = retriedNodeIds.length > 0 ? `; running ${retriedNodeIds.map(labelOf).join(", ")} again` : "";
      return {
        tone: "accent",
        title: "Run resumed on another worker",
        detail: `attempt ${attempt}: ${completedNodeIds.length} finished node(s) kept${retried}`,
      };
    }
    case "node.started": {
      const { nodeId, mode } = event.payload;
      return {
        tone: mode === "tool" ? "tool" : "accent",
        title: `${labelOf(nodeId)} started${mode === "tool" ? " (tool mode)" : ""}`,
        nodeId,
      };
    }
    case "node.completed": {
      const { nodeId, durationMs, handledError } = event.payload;
      if (handledError !== undefined)
        return {
          tone: "warning",
          title: `${labelOf(nodeId)} failed; its error was handed on`,
          detail: handledError,
          nodeId,
        };
      return { tone: "success", title: `${labelOf(nodeId)} completed`, detail: formatDuration(durationMs), nodeId };
    }
    case "node.retrying": {
      const { nodeId, attempt, error, waitMs, callId } = event.payload;
      const what = callId ? `${labelOf(nodeId)} retries a tool call` : `${labelOf(nodeId)} retries`;
      return { tone: "warning", title: `${what}: try ${attempt} in ${formatDuration(waitMs)}`, detail: error, nodeId };
    }
    case "node.failed":
      return {
        tone: "danger",
        title: `${labelOf(event.payload.nodeId)} failed`,
        detail: event.payload.error,
        nodeId: event.payload.nodeId,
      };
    case "node.params":
      return {
        tone: "neutral",
        title: `${labelOf(event.payload.nodeId)} settings`,
        detail: previewValue(event.payload.params, 120),
        nodeId: event.payload.nodeId,
      };
    case "node.skipped":
      return {
        tone: "neutral",
        title: `${labelOf(event.payload.nodeId)} skipped`,
        detail: event.payload.reason,
        nodeId: event.payload.nodeId,
      };
    case "tool.registered":
      return {
        tone: "tool",
        title: `Tool ${event.payload.toolName} registered`,
        detail: `from ${labelOf(event.payload.nodeId)}`,
        nodeId: event.payload.nodeId,
      };
    case "tool.unavailable":
      return {
        tone: "danger",
        title: `Tool ${event.payload.toolName} unavailable`,
        detail: event.payload.error,
        nodeId: event.payload.nodeId,
      };
    case "tool.teardown":
      return {
        tone: "neutral",
        title: `Tool ${event.payload.toolName} torn down`,
        detail: event.payload.detail,
        nodeId: event.payload.nodeId,
      };
    case "tool.health": {
      const { toolName, status, latencyMs, error, nodeId } = event.payload;
      return {
        tone: status === "red" ? "danger" : "neutral",
        title: `${toolName} health: ${status}`,
        detail: error ?? (latencyMs === undefined ? undefined : formatDuration(latencyMs)),
        nodeId,
      };
    }
    case "agent.step": {
      const { nodeId, iteration, toolCalls, finishReason, text, stopReason } = event.payload;
      const calls = toolCalls === 1 ? "1 tool call" : `${toolCalls} tool calls`;
      const forced = stopReason ? ` · answer forced: ${AGENT_LIMIT_NOTES[stopReason]}` : "";
      return {
        tone: "accent",
        title: `${labelOf(nodeId)} · step ${iteration}${forced}`,
        detail: text ? previewValue(text, 120) : `${calls}, finished with ${finishReason}`,
        nodeId,
      };
    }
    case "agent.text":
      return {
        tone: "neutral",
        title: `${labelOf(event.payload.nodeId)} is writing`,
        detail: previewValue(event.payload.text, 120),
        nodeId: event.payload.nodeId,
      };
    case "tool.call.started":
      return {
        tone: "tool",
        title: `Called ${event.payload.toolName}`,
        detail: previewValue(event.payload.args, 120),
        nodeId: event.payload.nodeId,
      };
    case "tool.call.completed": {
      const { toolName, isError, durationMs, nodeId } = event.payload;
      return {
        tone: isError ? "danger" : "tool",
        title: `${toolName} ${isError ? "returned an error" : "answered"}`,
        detail: formatDuration(durationMs),
        nodeId,
      };
    }
    case "tool.call.blocked":
      return {
        tone: "danger",
        title: `Blocked a call to ${event.payload.toolName}`,
        detail: event.payload.reason,
        nodeId: event.payload.nodeId,
      };
    case "tool.approval.requested":
      return {
        tone: "accent",
        title: `${event.payload.toolName} waits for approval`,
        detail: previewValue(event.payload.args, 120),
        nodeId: event.payload.nodeId,
      };
    case "tool.approval.decided": {
      const { toolName, decision, by, nodeId } = event.payload;
      return {
        tone: decision === "approved" ? "success" : "danger",
        title: `${toolName} ${decision}${DECIDED_BY_NOTE[by]}`,
        detail: event.payload.reason,
        nodeId,
      };
    }
    case "llm.usage": {
      const { nodeId, inputTokens, outputTokens, totalTokens, tokenBudget } = event.payload;
      const budget = tokenBudget ? ` · budget ${tokenBudget}` : "";
      return {
        tone: "neutral",
        title: `${labelOf(nodeId)} used ${totalTokens} tokens`,
        detail: `${inputTokens} in · ${outputTokens} out${budget}`,
        nodeId,
      };
    }
    case "child.run.started":
      return {
        tone: "tool",
        title: `${labelOf(event.payload.nodeId)} started a child run`,
        detail: event.payload.childRunId,
        nodeId: event.payload.nodeId,
      };
    case "external.agent.waiting":
      return {
        tone: "tool",
        title: `${labelOf(event.payload.nodeId)} waits for an external agent`,
        detail: `until ${new Date(event.payload.expiresAt).toLocaleTimeString("en")}`,
        nodeId: event.payload.nodeId,
      };
    case "external.agent.done":
      return {
        tone: event.payload.timedOut ? "danger" : "neutral",
        title: `${labelOf(event.payload.nodeId)} ${event.payload.timedOut ? "timed out" : "done"}`,
        detail: event.payload.text,
        nodeId: event.payload.nodeId,
      };
    case "loop.item": {
      const { nodeId, index, ok, error } = event.payload;
      return {
        tone: ok ? "neutral" : "danger",
        title: `${labelOf(nodeId)}: item ${index + 1} ${ok ? "done" : "failed"}`,
        detail: error,
        nodeId,
      };
    }
    case "log": {
      const { level, message, nodeId } = event.payload;
      const tone = level === "error" ? "danger" : level === "warn" ? "warning" : "neutral";
      return { tone, title: nodeId ? `${labelOf(nodeId)}: ${message}` : message, nodeId };
    }
  }
}
