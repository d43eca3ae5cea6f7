/**
 * Everything the run view shows, derived from the run's events in one pure function: the run's
 * status and timing, each node's status for the canvas, the tool-call log, the final answer and
 * what failed. The events are the truth; the Run row only fills in before the first one arrives.
 */
import type { NodeStatus } from "@/components/editor/workflow-canvas";
import type { RunEvent } from "@/lib/runs/events";
import { isAgentLimit, type AgentLimit } from "@/lib/agent/stop-reason";
import { answerTextOf } from "@/lib/runs/answer-text";

export type RunStatus = "queued" | "running" | "waiting" | "completed" | "failed" | "cancelled";

type WaitingEvent = Extract<RunEvent, { type: "node.waiting" }>["payload"];
type WaitEndedEvent = Extract<RunEvent, { type: "node.wait.ended" }>["payload"];

/** A node's wait (a time, a person, a webhook, an outside agent): open while `ended` is absent. */
export type WaitView = WaitingEvent & { ended?: Pick<WaitEndedEvent, "by" | "decision"> };

export type ToolCallState = "running" | "finished" | "abandoned";

export type ToolCallView = {
  callId: string;
  toolName: string;
  /** The agent that made the call. */
  agentNodeId: string;
  /** The tool-mode node that registered this tool, when known. */
  toolNodeId?: string;
  iteration: number;
  /** For a Loop's calls: the item it was called for, from 0. */
  item?: number;
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
  /** What the model calls have cost so far (US dollars, by the price table); null when none was priced. */
  costUsd: number | null;
  /** The nodes' waits, in the order they began. */
  waits: WaitView[];
};

export type DeriveOptions = {
  /** The status stored on the Run row, used until an event says otherwise. */
  initialStatus?: RunStatus;
  /** Nodes that are agents: their `text` output is the answer a person is waiting for. */
  agentNodeIds?: ReadonlySet<string>;
};

const NO_AGENTS: ReadonlySet<string> = new Set();

/** What the events have said so far; each `apply…` below reads one kind of event into it. */
type Tally = {
  status: RunStatus;
  startedAt?: string;
  finishedAt?: string;
  durationMs?: number;
  finalAnswer: RunState["finalAnswer"];
  streaming: (RunState["streaming"] & { iteration: number }) | null;
  failure: RunState["failure"];
  usage: TokenUsage;
  usageReported: boolean;
  costUsd: number | null;
  nodeStatuses: Record<string, NodeStatus>;
  toolModeNodes: Set<string>;
  /** Tool sources whose registration failed (a group's servers are `{groupNodeId}-{serverId}`). */
  unavailable: Set<string>;
  toolNodeByName: Map<string, string>;
  toolCalls: Map<string, ToolCallView>;
  approvedArgs: Map<string, unknown>;
  agentNodeIds: ReadonlySet<string>;
  waits: Map<string, WaitView>;
};

export function deriveRunState(
  events: readonly RunEvent[],
  { initialStatus = "queued", agentNodeIds = NO_AGENTS }: DeriveOptions = {},
): RunState {
  const tally: Tally = {
    status: initialStatus,
    finalAnswer: null,
    streaming: null,
    failure: null,
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    usageReported: false,
    costUsd: null,
    nodeStatuses: {},
    toolModeNodes: new Set(),
    unavailable: new Set(),
    toolNodeByName: new Map(),
    toolCalls: new Map(),
    approvedArgs: new Map(),
    agentNodeIds,
    waits: new Map(),
  };
  for (const event of events) {
    applyRunEvent(tally, event);
    applyNodeEvent(tally, event);
    applyToolCallEvent(tally, event);
    applyModelEvent(tally, event);
    applyWaitEvent(tally, event);
  }
  return finish(tally);
}

/** The run's own status, timing, answer and failure. */
function applyRunEvent(tally: Tally, event: RunEvent): void {
  switch (event.type) {
    case "run.queued":
      tally.status = "queued";
      break;
    case "run.started":
      tally.status = "running";
      tally.startedAt = event.at;
      break;
    case "run.waiting":
      tally.status = "waiting";
      break;
    case "run.resumed":
      tally.status = "running";
      break;
    case "run.completed":
      tally.status = "completed";
      tally.finishedAt = event.at;
      tally.durationMs = event.payload.durationMs;
      tally.finalAnswer = runAnswer(event.payload.output, tally.finalAnswer);
      break;
    case "run.failed":
      tally.status = "failed";
      tally.finishedAt = event.at;
      tally.failure = { message: event.payload.error, nodeId: event.payload.nodeId };
      break;
    case "run.cancelled":
      tally.status = "cancelled";
      tally.finishedAt = event.at;
      break;
  }
}

/** Each node's status on the canvas, and which tool-mode node registered which tool. */
function applyNodeEvent(tally: Tally, event: RunEvent): void {
  const { nodeStatuses } = tally;
  switch (event.type) {
    case "node.started":
      nodeStatuses[event.payload.nodeId] = "running";
      if (event.payload.mode === "tool") tally.toolModeNodes.add(event.payload.nodeId);
      break;
    case "node.completed": {
      const { nodeId, output } = event.payload;
      // A tool-mode node "completes" by registering and stays available to the agent — unless its
      // server (or one of its group's servers) was unavailable: then it stays failed, whatever follows.
      const failedToRegister = [...tally.unavailable].some((id) => id === nodeId || id.startsWith(`${nodeId}-`));
      nodeStatuses[nodeId] = tally.toolModeNodes.has(nodeId)
        ? failedToRegister
          ? "failed"
          : "registered"
        : "completed";
      if (tally.agentNodeIds.has(nodeId)) tally.finalAnswer = answerFrom(output, nodeId) ?? tally.finalAnswer;
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
      tally.toolNodeByName.set(event.payload.toolName, event.payload.nodeId);
      break;
    case "tool.unavailable":
      tally.unavailable.add(event.payload.nodeId);
      nodeStatuses[event.payload.nodeId] = "failed";
      break;
  }
}

/** Nodes that wait, and how their waits ended. */
function applyWaitEvent(tally: Tally, event: RunEvent): void {
  if (event.type === "node.waiting") {
    tally.nodeStatuses[event.payload.nodeId] = "waiting";
    const earlier = tally.waits.get(event.payload.nodeId);
    if (!earlier?.ended) tally.waits.set(event.payload.nodeId, { ...event.payload });
  } else if (event.type === "node.wait.ended") {
    const wait = tally.waits.get(event.payload.nodeId);
    if (wait) wait.ended = { by: event.payload.by, decision: event.payload.decision };
  }
}

/** The tool-call log: started, completed, and arguments a person changed when approving. */
function applyToolCallEvent(tally: Tally, event: RunEvent): void {
  switch (event.type) {
    case "tool.call.started": {
      const { nodeId, callId, toolName, args, iteration, item } = event.payload;
      tally.toolCalls.set(callId, {
        callId,
        toolName,
        agentNodeId: nodeId,
        iteration,
        item,
        args,
        isError: false,
        startedAt: event.at,
        state: "running",
      });
      break;
    }
    case "tool.call.completed": {
      const { nodeId, callId, toolName, args, result, isError, iteration, item, durationMs } = event.payload;
      const started = tally.toolCalls.get(callId);
      tally.toolCalls.set(callId, {
        callId,
        toolName,
        agentNodeId: nodeId,
        iteration,
        item,
        args: args ?? started?.args,
        result,
        isError,
        durationMs,
        startedAt: started?.startedAt ?? event.at,
        state: "finished",
      });
      break;
    }
    case "tool.approval.decided":
      if (event.payload.decision === "approved" && event.payload.args !== undefined)
        tally.approvedArgs.set(event.payload.callId, event.payload.args);
      break;
  }
}

/** A model's answer streaming in, and the tokens the models used. */
function applyModelEvent(tally: Tally, event: RunEvent): void {
  const { streaming } = tally;
  switch (event.type) {
    case "agent.text": {
      const { nodeId, iteration, text } = event.payload;
      const sofar: string = streaming?.nodeId === nodeId && streaming.iteration === iteration ? streaming.text : "";
      tally.streaming = { nodeId, iteration, text: sofar + text };
      break;
    }
    case "agent.step":
      if (streaming?.nodeId === event.payload.nodeId && streaming.iteration === event.payload.iteration)
        tally.streaming = null;
      if (event.payload.costUsd !== undefined) tally.costUsd = (tally.costUsd ?? 0) + event.payload.costUsd;
      break;
    case "llm.usage":
      tally.usage.inputTokens += event.payload.inputTokens;
      tally.usage.outputTokens += event.payload.outputTokens;
      tally.usage.totalTokens += event.payload.totalTokens;
      tally.usageReported = true;
      break;
  }
}

/**
 * A node that finished although a tool call it made (or a tool of its own) failed is not plainly
 * "Done": the model may have carried on, but the failure must stand out on the canvas.
 */
function markToolErrors(nodeStatuses: Record<string, NodeStatus>, calls: ToolCallView[]): void {
  for (const call of calls) {
    if (call.state !== "finished" || !call.isError) continue;
    for (const nodeId of [call.agentNodeId, call.toolNodeId]) {
      const current = nodeId ? nodeStatuses[nodeId] : undefined;
      if (current === "completed" || current === "registered") nodeStatuses[nodeId!] = "warning";
    }
  }
}

/**
 * What the view shows once every event is read: calls cut short by the run's end are abandoned, nothing spins after it.
 */
function finish(tally: Tally): RunState {
  const { status, nodeStatuses, finalAnswer, failure, startedAt, finishedAt, streaming } = tally;
  const ended = finishedAt !== undefined;
  const calls = toolCallLog(tally, ended);
  for (const call of calls) if (call.state === "running" && call.toolNodeId) nodeStatuses[call.toolNodeId] = "running";
  // Once the run has ended nothing is running any more: a node cut short by Cancel says so, any other
  // keeps no status rather than a spinner.
  if (ended)
    for (const [nodeId, nodeStatus] of Object.entries(nodeStatuses))
      if (nodeStatus === "running" || nodeStatus === "waiting") {
        if (status === "cancelled") nodeStatuses[nodeId] = "cancelled";
        else delete nodeStatuses[nodeId];
      }
  markToolErrors(nodeStatuses, calls);
  const durationMs =
    tally.durationMs ?? (startedAt && finishedAt ? Date.parse(finishedAt) - Date.parse(startedAt) : undefined);
  const stillStreaming = streaming && !ended ? { nodeId: streaming.nodeId, text: streaming.text } : null;
  const usage = tally.usageReported ? tally.usage : null;
  return {
    status,
    nodeStatuses,
    toolCalls: calls,
    finalAnswer,
    streaming: stillStreaming,
    failure,
    startedAt,
    finishedAt,
    durationMs,
    usage,
    costUsd: tally.costUsd,
    waits: [...tally.waits.values()],
  };
}

function toolCallLog({ toolCalls, approvedArgs, toolNodeByName }: Tally, ended: boolean): ToolCallView[] {
  return [...toolCalls.values()].map((call) => ({
    ...call,
    ...(approvedArgs.has(call.callId) && JSON.stringify(approvedArgs.get(call.callId)) !== JSON.stringify(call.args)
      ? { editedArgs: approvedArgs.get(call.callId) }
      : {}),
    // An MCP tool is called as `{source}__{tool}`; its source registered under `{source}`.
    toolNodeId: toolNodeByName.get(call.toolName) ?? toolNodeByName.get(call.toolName.split("__")[0]),
    state: ended && call.state === "running" ? ("abandoned" as const) : call.state,
  }));
}

/**
 * What the run answered: its own output (its Output nodes' value) wins over an agent's answer on the way, unless it is
 * that answer, which keeps the agent's node and the limit that forced it.
 */
function runAnswer(output: unknown, agentAnswer: RunState["finalAnswer"]): RunState["finalAnswer"] {
  const answer = answerFrom(output) ?? asJsonAnswer(output);
  return answer && answer.text !== agentAnswer?.text ? answer : agentAnswer;
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
