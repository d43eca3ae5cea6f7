/**
 * A Switchboard run's events as AG-UI events (@ag-ui/core), so AG-UI front-ends (CopilotKit and others) can follow a
 * run: the run opens and closes (RUN_STARTED, RUN_FINISHED or RUN_ERROR), each node that runs is a step, a model
 * node's streamed answer is a text message, and the gateway's tool calls are tool calls with their results. Pure and
 * stateful per stream: a message or step left open is closed before the run's end.
 */
import { EventType, type AGUIEvent, type TokenUsage } from "@ag-ui/core";
import { answerTextOf } from "../runs/answer-text";
import type { RunEvent } from "../runs/events";

export type AgUiRunIds = {
  /** The AG-UI thread and run the client asked for (RunAgentInput), echoed in RUN_STARTED and RUN_FINISHED. */
  threadId: string;
  runId: string;
  /** The Switchboard run behind it, in RUN_STARTED's metadata and in message ids. */
  switchboardRunId: string;
};

type OpenMessage = { key: string; messageId: string; streamed: string };

export class RunToAgUi {
  private message: OpenMessage | null = null;
  private readonly openSteps = new Set<string>();
  private readonly startedCalls = new Set<string>();
  private wroteText = false;
  private readonly usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };

  constructor(
    private readonly ids: AgUiRunIds,
    /** What a node's step is called: its label, say. */
    private readonly stepName: (nodeId: string) => string = (nodeId) => nodeId,
  ) {}

  /** The opening event, sent before any of the run's. */
  start(): AGUIEvent[] {
    const { threadId, runId, switchboardRunId } = this.ids;
    return [{ type: EventType.RUN_STARTED, threadId, runId, metadata: { switchboardRunId } }];
  }

  /** The AG-UI events one run event stands for (often none). */
  map(event: RunEvent): AGUIEvent[] {
    switch (event.type) {
      case "node.started":
        return this.stepStarted(event.payload.nodeId, event.payload.mode);
      case "node.completed":
      case "node.failed":
        return this.stepFinished(event.payload.nodeId);
      case "agent.text":
        return this.text(event.payload.nodeId, event.payload.iteration, event.payload.text);
      case "agent.step":
        return this.stepText(event.payload.nodeId, event.payload.iteration, event.payload.text);
      case "tool.call.started":
        return this.toolCallStarted(event.payload.callId, event.payload.toolName, event.payload.args);
      case "tool.call.completed":
        return this.toolCallCompleted(event.payload);
      case "llm.usage":
        this.usage.inputTokens += event.payload.inputTokens;
        this.usage.outputTokens += event.payload.outputTokens;
        this.usage.totalTokens += event.payload.totalTokens;
        return [];
      case "run.completed":
        return [...this.closeAll(), ...this.answerIfSilent(event.payload.output), this.finished("success", event)];
      case "run.cancelled":
        return [...this.closeAll(), this.finished("cancelled", event)];
      case "run.failed":
        return [...this.closeAll(), { type: EventType.RUN_ERROR, message: event.payload.error }];
      default:
        return [];
    }
  }

  private stepStarted(nodeId: string, mode: "normal" | "tool"): AGUIEvent[] {
    // A tool-mode node "starts" when it registers; its work shows as tool calls.
    if (mode === "tool" || this.openSteps.has(nodeId)) return [];
    this.openSteps.add(nodeId);
    return [{ type: EventType.STEP_STARTED, stepName: this.stepName(nodeId) }];
  }

  private stepFinished(nodeId: string): AGUIEvent[] {
    if (!this.openSteps.delete(nodeId)) return [];
    const closed = this.message?.key.startsWith(`${nodeId}:`) ? this.closeMessage() : [];
    return [...closed, { type: EventType.STEP_FINISHED, stepName: this.stepName(nodeId) }];
  }

  /** A piece of a model node's answer: opens its message on the first piece. */
  private text(nodeId: string, iteration: number, delta: string): AGUIEvent[] {
    const key = `${nodeId}:${iteration}`;
    const opened = this.message?.key === key ? [] : [...this.closeMessage(), ...this.openMessage(key)];
    if (delta === "") return opened;
    this.message!.streamed += delta;
    return [...opened, { type: EventType.TEXT_MESSAGE_CONTENT, messageId: this.message!.messageId, delta }];
  }

  /** A model step's whole text: what did not stream (a model that does not stream, say) goes out now, then it ends. */
  private stepText(nodeId: string, iteration: number, whole: string): AGUIEvent[] {
    const key = `${nodeId}:${iteration}`;
    const streamed = this.message?.key === key ? this.message.streamed : "";
    const rest = whole.startsWith(streamed) ? whole.slice(streamed.length) : "";
    if (rest === "" && this.message?.key !== key) return [];
    return [...this.text(nodeId, iteration, rest), ...this.closeMessage()];
  }

  private openMessage(key: string): AGUIEvent[] {
    this.message = { key, messageId: `${this.ids.switchboardRunId}:${key}`, streamed: "" };
    this.wroteText = true;
    return [{ type: EventType.TEXT_MESSAGE_START, messageId: this.message.messageId, role: "assistant" }];
  }

  private closeMessage(): AGUIEvent[] {
    if (!this.message) return [];
    const { messageId } = this.message;
    this.message = null;
    return [{ type: EventType.TEXT_MESSAGE_END, messageId }];
  }

  private toolCallStarted(callId: string, toolName: string, args: unknown): AGUIEvent[] {
    if (this.startedCalls.has(callId)) return [];
    this.startedCalls.add(callId);
    return [
      ...this.closeMessage(),
      { type: EventType.TOOL_CALL_START, toolCallId: callId, toolCallName: toolName },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: callId, delta: JSON.stringify(args ?? {}) },
      { type: EventType.TOOL_CALL_END, toolCallId: callId },
    ];
  }

  private toolCallCompleted(call: { callId: string; toolName: string; args: unknown; result?: unknown }): AGUIEvent[] {
    const content = typeof call.result === "string" ? call.result : JSON.stringify(call.result ?? null);
    return [
      ...this.toolCallStarted(call.callId, call.toolName, call.args),
      { type: EventType.TOOL_CALL_RESULT, messageId: `${call.callId}:result`, toolCallId: call.callId, content },
    ];
  }

  private closeAll(): AGUIEvent[] {
    const steps = [...this.openSteps].map((nodeId) => this.stepFinished(nodeId)).flat();
    return [...this.closeMessage(), ...steps];
  }

  /** A run whose nodes said nothing (no model node) still answers: its output, as one message. */
  private answerIfSilent(output: unknown): AGUIEvent[] {
    if (this.wroteText) return [];
    const answer = answerTextOf(output) ?? (output === undefined || output === null ? "" : JSON.stringify(output));
    if (answer === "") return [];
    return [...this.text("output", 0, answer), ...this.closeMessage()];
  }

  private finished(outcome: "success" | "cancelled", event: RunEvent): AGUIEvent {
    const { threadId, runId } = this.ids;
    const result = event.type === "run.completed" ? event.payload.output : undefined;
    const usage: TokenUsage[] = this.usage.totalTokens > 0 ? [{ ...this.usage }] : [];
    return {
      type: EventType.RUN_FINISHED,
      threadId,
      runId,
      outcome: { type: outcome },
      ...(result !== undefined ? { result } : {}),
      ...(usage.length > 0 ? { usage } : {}),
    };
  }
}
