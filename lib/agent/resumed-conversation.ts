/**
 * A model node resumed after its worker died goes on from its records instead of starting over:
 * its recorded steps become the conversation again without calling the model, and each tool call
 * of those steps is settled — its recorded result handed back as it was (the gateway's record of
 * it, or the SDK's answer to a call of an unknown tool), or, for a call cut off mid-way, sent again
 * when its tool allows it, else answered with an error saying it may or may not have run.
 * Replayed text is the step's transcript, whose parts are cut past 20,000 characters.
 */
import type { AssistantModelMessage, ModelMessage } from "ai";
import type { RecordedConversation, RecordedStep } from "../nodes/types";
import type { ToolCallRecord } from "../runs/events";
import type { TranscriptMessage } from "../runs/transcript";
import { noUsage, type AgentUsage } from "./run-agent";
import type { CallOutcome, RequestedCall, SettleRecordedCall } from "./tool-round";

/** A step recorded before the worker died: what the model said, and the calls it asked for. */
export type ResumedStep = {
  iteration: number;
  text: string;
  finishReason: string;
  usage: AgentUsage;
  /** How many calls the model asked for (those of unknown tools included). */
  toolCallCount: number;
  assistant: ModelMessage[];
  calls: RequestedCall[];
  /** How each of its calls is settled from the records (or sent again). */
  settle: SettleRecordedCall;
};

/** What a resumed model node replays: its steps, in order. */
export type ResumedConversation = { steps: ResumedStep[] };

export const mayHaveRunMessage = (toolName: string) =>
  `The worker running this step stopped while "${toolName}" was being called: it may or may not have run. ` +
  "Check its effect before calling it again.";

function assistantMessage(message: TranscriptMessage): AssistantModelMessage {
  const content: AssistantModelMessage["content"] = [];
  for (const part of message.parts) {
    if (part.type === "text" || part.type === "reasoning") content.push({ type: part.type, text: part.text });
    else if (part.type === "tool-call")
      content.push({ type: "tool-call", toolCallId: part.callId ?? "", toolName: part.toolName, input: part.input });
  }
  return { role: "assistant", content };
}

function resumedStep(step: RecordedStep, settle: SettleRecordedCall): ResumedStep {
  const replies = (step.messages ?? []).filter((message) => message.role === "assistant");
  const calls = replies.flatMap((message) =>
    message.parts.flatMap((part) =>
      part.type === "tool-call" && part.callId
        ? [{ toolCallId: part.callId, toolName: part.toolName, input: part.input }]
        : [],
    ),
  );
  return {
    iteration: step.iteration,
    text: step.text,
    finishReason: step.finishReason,
    usage: step.usage ?? noUsage(),
    toolCallCount: step.toolCalls,
    assistant: replies.map(assistantMessage),
    calls,
    settle,
  };
}

/** Results the steps' transcripts hold (the SDK's answers to calls of unknown tools), by the model's call id. */
function transcriptResults(steps: RecordedStep[]): Map<string, CallOutcome> {
  const found = new Map<string, CallOutcome>();
  for (const message of steps.flatMap((step) => step.messages ?? []))
    for (const part of message.parts)
      if (part.type === "tool-result" && part.callId) {
        const text = typeof part.output === "string" ? part.output : JSON.stringify(part.output);
        found.set(part.callId, { text, isError: part.isError === true });
      }
  return found;
}

/**
 * The conversation a node resumes from, or undefined when it recorded no step (it starts afresh).
 * `log` receives the recorded calls handed back, as the node's log of its calls would have.
 */
export function resumedConversation(
  recorded: RecordedConversation,
  nodeId: string,
  log: ToolCallRecord[],
): ResumedConversation | undefined {
  if (recorded.steps.length === 0) return undefined;
  const fromTranscripts = transcriptResults(recorded.steps);
  const settleIn =
    (iteration: number): SettleRecordedCall =>
    async (call) => {
      const callId = `${nodeId}:${call.toolCallId}`;
      const completed = recorded.completedCalls.get(callId);
      if (completed) {
        log.push(completed);
        return { text: resultText(completed.result), isError: completed.isError };
      }
      const answered = fromTranscripts.get(call.toolCallId);
      if (answered) return answered;
      if (await recorded.maySendAgain(call.toolName)) return undefined;
      const text = mayHaveRunMessage(call.toolName);
      log.push({
        callId,
        toolName: call.toolName,
        args: call.input,
        result: text,
        isError: true,
        iteration,
        durationMs: 0,
      });
      return { text, isError: true };
    };
  return { steps: recorded.steps.map((step) => resumedStep(step, settleIn(step.iteration))) };
}

const resultText = (result: unknown) => (typeof result === "string" ? result : JSON.stringify(result ?? null));
