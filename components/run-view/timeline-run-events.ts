/** Timeline lines for the events of a run and its nodes: started, finished, retried, skipped, resumed, logged. */
import type { EventDescribers } from "./describe-event";
import { formatDuration } from "./format-duration";
import { previewValue } from "./format-value";

export const RUN_AND_NODE_EVENTS = {
  "run.queued": () => ({ tone: "neutral", title: "Run queued" }),
  "run.started": () => ({ tone: "accent", title: "Run started" }),
  "run.completed": (event) => ({
    tone: "success",
    title: "Run completed",
    detail: formatDuration(event.payload.durationMs),
  }),
  "run.failed": (event, labelOf) => ({
    tone: "danger",
    title: event.payload.nodeId ? `Run failed at ${labelOf(event.payload.nodeId)}` : "Run failed",
    detail: event.payload.error,
    nodeId: event.payload.nodeId,
  }),
  "run.cancelled": () => ({ tone: "neutral", title: "Run cancelled" }),
  "run.resumed": (event, labelOf) => {
    const { attempt, completedNodeIds, retriedNodeIds, woken } = event.payload;
    if (woken)
      return { tone: "accent", title: "Run woken", detail: `${completedNodeIds.length} finished node(s) kept` };
    const retried = retriedNodeIds.length > 0 ? `; running ${retriedNodeIds.map(labelOf).join(", ")} again` : "";
    return {
      tone: "accent",
      title: "Run resumed on another worker",
      detail: `attempt ${attempt}: ${completedNodeIds.length} finished node(s) kept${retried}`,
    };
  },
  "node.started": (event, labelOf) => {
    const { nodeId, mode } = event.payload;
    return {
      tone: mode === "tool" ? "tool" : "accent",
      title: `${labelOf(nodeId)} started${mode === "tool" ? " (tool mode)" : ""}`,
      nodeId,
    };
  },
  "node.completed": (event, labelOf) => {
    const { nodeId, durationMs, handledError } = event.payload;
    if (handledError !== undefined)
      return {
        tone: "warning",
        title: `${labelOf(nodeId)} failed; its error was handed on`,
        detail: handledError,
        nodeId,
      };
    return { tone: "success", title: `${labelOf(nodeId)} completed`, detail: formatDuration(durationMs), nodeId };
  },
  "node.retrying": (event, labelOf) => {
    const { nodeId, attempt, error, waitMs, callId } = event.payload;
    const what = callId ? `${labelOf(nodeId)} retries a tool call` : `${labelOf(nodeId)} retries`;
    return { tone: "warning", title: `${what}: try ${attempt} in ${formatDuration(waitMs)}`, detail: error, nodeId };
  },
  "node.failed": (event, labelOf) => ({
    tone: "danger",
    title: `${labelOf(event.payload.nodeId)} failed`,
    detail: event.payload.error,
    nodeId: event.payload.nodeId,
  }),
  "node.params": (event, labelOf) => ({
    tone: "neutral",
    title: `${labelOf(event.payload.nodeId)} settings`,
    detail: previewValue(event.payload.params, 120),
    nodeId: event.payload.nodeId,
  }),
  "node.skipped": (event, labelOf) => ({
    tone: "neutral",
    title: `${labelOf(event.payload.nodeId)} skipped`,
    detail: event.payload.reason,
    nodeId: event.payload.nodeId,
  }),
  "loop.item": (event, labelOf) => {
    const { nodeId, index, ok, error } = event.payload;
    return {
      tone: ok ? "neutral" : "danger",
      title: `${labelOf(nodeId)}: item ${index + 1} ${ok ? "done" : "failed"}`,
      detail: error,
      nodeId,
    };
  },
  log: (event, labelOf) => {
    const { level, message, nodeId } = event.payload;
    const tone = level === "error" ? "danger" : level === "warn" ? "warning" : "neutral";
    return { tone, title: nodeId ? `${labelOf(nodeId)}: ${message}` : message, nodeId };
  },
} satisfies Partial<EventDescribers>;
