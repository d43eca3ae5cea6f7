/** Timeline lines for what nodes do with tools, models and other runs: calls, approvals, agent steps, usage. */
import { AGENT_LIMIT_NOTES } from "@/lib/agent/stop-reason";
import type { ApprovalDecider } from "@/lib/runs/events";
import type { EventDescribers } from "./describe-event";
import { formatDuration } from "./format-duration";
import { previewValue } from "./format-value";

const DECIDED_BY_NOTE: Record<ApprovalDecider, string> = {
  person: "",
  timeout: " (no decision in time)",
  "run-end": " (the run ended)",
};

export const TOOL_AND_AGENT_EVENTS = {
  "tool.registered": (event, labelOf) => ({
    tone: "tool",
    title: `Tool ${event.payload.toolName} registered`,
    detail: `from ${labelOf(event.payload.nodeId)}`,
    nodeId: event.payload.nodeId,
  }),
  "tool.unavailable": (event) => ({
    tone: "danger",
    title: `Tool ${event.payload.toolName} unavailable`,
    detail: event.payload.error,
    nodeId: event.payload.nodeId,
  }),
  "tool.teardown": (event) => ({
    tone: "neutral",
    title: `Tool ${event.payload.toolName} torn down`,
    detail: event.payload.detail,
    nodeId: event.payload.nodeId,
  }),
  "tool.health": (event) => {
    const { toolName, status, latencyMs, error, nodeId } = event.payload;
    return {
      tone: status === "red" ? "danger" : "neutral",
      title: `${toolName} health: ${status}`,
      detail: error ?? (latencyMs === undefined ? undefined : formatDuration(latencyMs)),
      nodeId,
    };
  },
  "agent.step": (event, labelOf) => {
    const { nodeId, iteration, toolCalls, finishReason, text, stopReason } = event.payload;
    const calls = toolCalls === 1 ? "1 tool call" : `${toolCalls} tool calls`;
    const forced = stopReason ? ` · answer forced: ${AGENT_LIMIT_NOTES[stopReason]}` : "";
    return {
      tone: "accent",
      title: `${labelOf(nodeId)} · step ${iteration}${forced}`,
      detail: text ? previewValue(text, 120) : `${calls}, finished with ${finishReason}`,
      nodeId,
    };
  },
  "agent.text": (event, labelOf) => ({
    tone: "neutral",
    title: `${labelOf(event.payload.nodeId)} is writing`,
    detail: previewValue(event.payload.text, 120),
    nodeId: event.payload.nodeId,
  }),
  "tool.call.started": (event) => ({
    tone: "tool",
    title: `Called ${event.payload.toolName}`,
    detail: previewValue(event.payload.args, 120),
    nodeId: event.payload.nodeId,
  }),
  "tool.call.completed": (event) => {
    const { toolName, isError, durationMs, nodeId } = event.payload;
    return {
      tone: isError ? "danger" : "tool",
      title: `${toolName} ${isError ? "returned an error" : "answered"}`,
      detail: formatDuration(durationMs),
      nodeId,
    };
  },
  "tool.call.blocked": (event) => ({
    tone: "danger",
    title: `Blocked a call to ${event.payload.toolName}`,
    detail: event.payload.reason,
    nodeId: event.payload.nodeId,
  }),
  "tool.approval.requested": (event) => ({
    tone: "accent",
    title: `${event.payload.toolName} waits for approval`,
    detail: previewValue(event.payload.args, 120),
    nodeId: event.payload.nodeId,
  }),
  "tool.approval.decided": (event) => {
    const { toolName, decision, by, nodeId, decidedBy } = event.payload;
    return {
      tone: decision === "approved" ? "success" : "danger",
      title: `${toolName} ${decision}${decidedBy ? ` by ${decidedBy}` : DECIDED_BY_NOTE[by]}`,
      detail: event.payload.reason,
      nodeId,
    };
  },
  "llm.usage": (event, labelOf) => {
    const { nodeId, inputTokens, outputTokens, totalTokens, tokenBudget } = event.payload;
    const budget = tokenBudget ? ` · budget ${tokenBudget}` : "";
    return {
      tone: "neutral",
      title: `${labelOf(nodeId)} used ${totalTokens} tokens`,
      detail: `${inputTokens} in · ${outputTokens} out${budget}`,
      nodeId,
    };
  },
  "child.run.started": (event, labelOf) => ({
    tone: "tool",
    title: `${labelOf(event.payload.nodeId)} started a child run`,
    detail: event.payload.childRunId,
    nodeId: event.payload.nodeId,
  }),
  "external.agent.waiting": (event, labelOf) => ({
    tone: "tool",
    title: `${labelOf(event.payload.nodeId)} waits for an external agent`,
    detail: `until ${new Date(event.payload.expiresAt).toLocaleTimeString("en")}`,
    nodeId: event.payload.nodeId,
  }),
  "external.agent.done": (event, labelOf) => ({
    tone: event.payload.timedOut ? "danger" : "neutral",
    title: `${labelOf(event.payload.nodeId)} ${event.payload.timedOut ? "timed out" : "done"}`,
    detail: event.payload.text,
    nodeId: event.payload.nodeId,
  }),
} satisfies Partial<EventDescribers>;
