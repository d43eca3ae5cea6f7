/**
 * Everything the run view shows, derived from the run's events in one pure function: the run's
 * status and timing, each node's status for the canvas, the tool-call log, the final answer and
 * what failed. The events are the truth; the Run row only fills in before the first one arrives.
 */
import type { NodeStatus } from "@/components/editor/workflow-canvas";
import type { RunEvent } from "@/lib/runs/events";
import { isAgentLimit, type AgentLimit } from "@/lib/agent/stop-reason";
import { answerTextOf } from "@/lib/runs/answer-text";

export type RunStatus = "queued" | "running" | "completed" | "failed" | "cancelled";

export type ToolCallState = "running" | "finished" | "abandoned";

export type ToolCallView = {
  callId: string;
  toolName: string;
  /** The agent that made the call. */
  agentNodeId: string;
  /** The tool-mode node that registered this tool, when known. */
  toolNodeId?: string;
  iteration: number;
  /** What the agent asked for. */
  args: unknown;
  /** What the call went ahead with, when a person changed the arguments while approving it. */
  editedArgs?: unknown;
  result?: unknown;
  isError: boolean;
  durationMs?: number;
  startedAt: string;
  /** `abandoned`: the run ended before the call answered. */
  state: ToolCallState;
};

export type TokenUsage = { inputTokens: number; outputTokens: number; totalTokens: number };

export type RunState = {
  status: RunStatus;
  nodeStatuses: Record<string, NodeStatus>;
  toolCalls: ToolCallView[];
  /** `stopReason`: the limit that forced the agent's answer, when one did. */
  finalAnswer: { text: string; nodeId?: string; stopReason?: AgentLimit } | null;
  /** A model node's answer still streaming in: the text of its latest step so far, until that step is recorded. */
  streaming: { nodeId: string; text: string } | null;
  failure: { message: string; nodeId?: string } | null;
  startedAt?: string;
  finishedAt?: string;
  /** Known once the run has ended. */
  durationMs?: number;
  usage: TokenUsage | null;
};

export type DeriveOptions = {
  /** The status stored on the Run row, used until an event says otherwise. */
  initialStatus?: RunStatus;
  /** Nodes that are agents: their `text` output is the answer a person is waiting for. */
  agentNodeIds?: ReadonlySet<string>;
};

const NO_AGENTS: ReadonlySet<string> = new Set();

export function deriveRunState(events: readonly RunEvent[], { initialStatus = "queued", agentNodeIds = NO_AGENTS }: DeriveOptions = {}): RunState {
  let status = initialStatus;
  let startedAt: string | undefined;
  let finishedAt: string | undefined;
  let durationMs: number | undefined;
  let finalAnswer: RunState["finalAnswer"] = null;
  let streaming: (RunState["streaming"] & { iteration: number }) | null = null;
  let failure: RunState["failure"] = null;
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  let usageReported = false;
  const nodeStatuses: Record<string, NodeStatus> = {};
  const toolModeNodes = new Set<string>();
  /** Tool sources whose registration failed (a group's servers are `{groupNodeId}-{serverId}`). */
  const unavailable = new Set<string>();
  const toolNodeByName = new Map<string, string>();
  const toolCalls = new Map<string, ToolCallView>();
  const approvedArgs = new Map<string, unknown>();

  for (const event of events) {
    switch (event.type) {
      case "run.queued":
        status = "queued";
        break;
      case "run.started":
        status = "running";
        startedAt = event.at;
        break;
      case "run.completed":
        status = "completed";
        finishedAt = event.at;
        durationMs = event.payload.durationMs;
        finalAnswer ??= answerFrom(event.payload.output) ?? asJsonAnswer(event.payload.output);
        break;
      case "run.failed":
        status = "failed";
        finishedAt = event.at;
        failure = { message: event.payload.error, nodeId: event.payload.nodeId };
        break;
      case "run.cancelled":
        status = "cancelled";
        finishedAt = event.at;
        break;
      case "node.started":
        nodeStatuses[event.payload.nodeId] = "running";
        if (event.payload.mode === "tool") toolModeNodes.add(event.payload.nodeId);
        break;
      case "node.completed": {
        const { nodeId, output } = event.payload;
        // A tool-mode node "completes" by registering and stays available to the agent — unless its
        // server (or one of its group's servers) was unavailable: then it stays failed, whatever follows.
        const failedToRegister = [...unavailable].some((id) => id === nodeId || id.startsWith(`${nodeId}-`));
        nodeStatuses[nodeId] = toolModeNodes.has(nodeId) ? (failedToRegister ? "failed" : "registered") : "completed";
        if (agentNodeIds.has(nodeId)) finalAnswer = answerFrom(output, nodeId) ?? finalAnswer;
        break;
      }
      case "node.failed":
        nodeStatuses[event.payload.nodeId] = "failed";
        break;
      case "node.skipped":
        nodeStatuses[event.payload.nodeId] = "skipped";
        break;
      case "tool.registered":
        nodeStatuses[event.payload.nodeId] = "registered";
        toolNodeByName.set(event.payload.toolName, event.payload.nodeId);
        break;
      case "tool.unavailable":
        unavailable.add(event.payload.nodeId);
        nodeStatuses[event.payload.nodeId] = "failed";
        break;
      case "tool.call.started": {
        const { nodeId, callId, toolName, args, iteration } = event.payload;
        toolCalls.set(callId, { callId, toolName, agentNodeId: nodeId, iteration, args, isError: false, startedAt: event.at, state: "running" });
        break;
      }
      case "tool.call.completed": {
        const { nodeId, callId, toolName, args, result, isError, iteration, durationMs: callMs } = event.payload;
        const started = toolCalls.get(callId);
        toolCalls.set(callId, {
          callId,
          toolName,
          agentNodeId: nodeId,
          iteration,
          args: args ?? started?.args,
          result,
          isError,
          durationMs: callMs,
          startedAt: started?.startedAt ?? event.at,
          state: "finished",
        });
        break;
      }
      case "tool.approval.decided":
        if (event.payload.decision === "approved" && event.payload.args !== undefined) approvedArgs.set(event.payload.callId, event.payload.args);
        break;
      case "agent.text": {
        const { nodeId, iteration, text } = event.payload;
        const sofar: string = streaming?.nodeId === nodeId && streaming.iteration === iteration ? streaming.text : "";
        streaming = { nodeId, iteration, text: sofar + text };
        break;
      }
      case "agent.step":
        if (streaming?.nodeId === event.payload.nodeId && streaming.iteration === event.payload.iteration) streaming = null;
        break;
      case "llm.usage": {
        usage.inputTokens += event.payload.inputTokens;
        usage.outputTokens += event.payload.outputTokens;
        usage.totalTokens += event.payload.totalTokens;
        usageReported = true;
        break;
      }
    }
  }

  const ended = finishedAt !== undefined;
  const calls = [...toolCalls.values()].map((call) => ({
    ...call,
    ...(approvedArgs.has(call.callId) && JSON.stringify(approvedArgs.get(call.callId)) !== JSON.stringify(call.args) ? { editedArgs: approvedArgs.get(call.callId) } : {}),
    // An MCP tool is called as `{source}__{tool}`; its source registered under `{source}`.
    toolNodeId: toolNodeByName.get(call.toolName) ?? toolNodeByName.get(call.toolName.split("__")[0]),
    state: ended && call.state === "running" ? ("abandoned" as const) : call.state,
  }));
  for (const call of calls) if (call.state === "running" && call.toolNodeId) nodeStatuses[call.toolNodeId] = "running";
  // Once the run has ended nothing is running any more: a node cut short keeps no status rather than a spinner.
  if (ended) for (const [nodeId, nodeStatus] of Object.entries(nodeStatuses)) if (nodeStatus === "running") delete nodeStatuses[nodeId];
  if (durationMs === undefined && startedAt && finishedAt) durationMs = Date.parse(finishedAt) - Date.parse(startedAt);

  const stillStreaming = streaming && !ended ? { nodeId: streaming.nodeId, text: streaming.text } : null;
  return { status, nodeStatuses, toolCalls: calls, finalAnswer, streaming: stillStreaming, failure, startedAt, finishedAt, durationMs, usage: usageReported ? usage : null };
}

/** A run whose output is data (an Output node's object, say) shows it as JSON. */
function asJsonAnswer(output: unknown): RunState["finalAnswer"] {
  return output === undefined || output === null ? null : { text: JSON.stringify(output, null, 2) };
}

/** An agent's answer is its `text` (and a limit that forced it); a run whose output is plain text answers with that. */
function answerFrom(output: unknown, nodeId?: string): RunState["finalAnswer"] {
  const text = answerTextOf(output);
  if (text === null) return null;
  const stopReason = (output as { stopReason?: unknown }).stopReason;
  return isAgentLimit(stopReason) ? { text, nodeId, stopReason } : { text, nodeId };
}
