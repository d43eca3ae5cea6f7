/**
 * The agent loop (level 3 of tool use). Each iteration is one model call, recorded (onStep) before
 * the tool calls it asked for run through the gateway (tool-round.ts); a failing tool comes back to
 * the model as an error result and the loop goes on. Resumed after its worker died, it replays its
 * recorded steps instead of calling the model again (resumed-conversation.ts). After `maxIterations`
 * calls that still asked for tools, or once the calls so far have used more than `tokenBudget`
 * tokens, one last call without tools forces a final answer. Usage is summed across every call.
 * With an answer format (structured output) the final answer must match its schema: one more call
 * without tools asks again with what did not match (structured-answer.ts).
 */
import type { LanguageModel, LanguageModelUsage, ModelMessage, ToolSet } from "ai";
import { streamModelCall } from "./stream-model-call";
import type { ReportModelWarnings } from "./model-warnings";
import { toTranscript, type TranscriptMessage } from "../runs/transcript";
import type { AgentLimit, AgentStopReason } from "./stop-reason";
import type { ResumedConversation, ResumedStep } from "./resumed-conversation";
import { describeOnly, requestedCalls, runToolRound, type RequestedCall, type SettleRecordedCall } from "./tool-round";
import { settleAnswer, type AnswerFormat } from "./structured-answer";

export type AgentUsage = { inputTokens: number; outputTokens: number; totalTokens: number };

/**
 * `messages`: what this step added to the conversation (the first step's start with the system
 * prompt and the prompt). `stopReason`: set on the forced last step, naming the limit that forced it.
 */
export type AgentStep = {
  iteration: number;
  text: string;
  toolCalls: number;
  finishReason: string;
  usage: AgentUsage;
  messages: TranscriptMessage[];
  stopReason?: AgentLimit;
};

export type AgentRequest = {
  model: LanguageModel;
  system?: string;
  /** Earlier turns of a conversation (memory), sent before the prompt. */
  history?: ModelMessage[];
  prompt: string;
  tools: ToolSet;
  maxIterations: number;
  /** Input + output tokens the loop may spend before its answer is forced; 0 or absent: no limit. */
  tokenBudget?: number;
  abortSignal?: AbortSignal;
  /** The answer's text as it streams in, per iteration. */
  onText?: (iteration: number, delta: string) => void;
  /** Called before each model call, so tool calls can be filed under their iteration. */
  onIterationStart?: (iteration: number) => void;
  onStep?: (step: AgentStep) => void | Promise<void>;
  /** The provider's warnings about each model call (model-warnings.ts). */
  onWarnings?: ReportModelWarnings;
  /** A call the model makes to a tool it was not given (see ModelCall). */
  onUnknownTool?: (toolName: string, input: string, toolCallId: string) => Promise<unknown>;
  /** The steps recorded before the worker died, replayed instead of calling the model again. */
  resume?: ResumedConversation;
  /** Structured output: the schema the final answer must match. */
  answer?: AnswerFormat;
};

export type AgentResult = {
  text: string;
  iterations: number;
  usage: AgentUsage;
  hitLimit: boolean;
  stopReason: AgentStopReason;
  /** The final answer as the schema's object, with an answer format. */
  object?: Record<string, unknown>;
};

export const noUsage = (): AgentUsage => ({ inputTokens: 0, outputTokens: 0, totalTokens: 0 });

export function toUsage(usage: Partial<LanguageModelUsage>): AgentUsage {
  const inputTokens = usage.inputTokens ?? 0;
  const outputTokens = usage.outputTokens ?? 0;
  return { inputTokens, outputTokens, totalTokens: usage.totalTokens ?? inputTokens + outputTokens };
}

export const addUsage = (a: AgentUsage, b: AgentUsage): AgentUsage => ({
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
  totalTokens: a.totalTokens + b.totalTokens,
});

type StepOutcome = { text: string; toolCallCount: number; calls: RequestedCall[]; settle?: SettleRecordedCall };

export async function runAgent(request: AgentRequest): Promise<AgentResult> {
  const { model, maxIterations, abortSignal } = request;
  const system = request.system || undefined;
  const hasTools = Object.keys(request.tools).length > 0;
  const offered = hasTools ? describeOnly(request.tools) : undefined;
  const messages: ModelMessage[] = [...(request.history ?? []), { role: "user", content: request.prompt }];
  let recordedUpTo = 0; // messages already in a step's record
  let usage = noUsage();
  const budget = request.tokenBudget ?? 0;
  const overBudget = () => budget > 0 && usage.inputTokens + usage.outputTokens > budget;

  /** A step recorded before the worker died: its reply joins the conversation again, the model is not called. */
  const replay = (recorded: ResumedStep): StepOutcome => {
    messages.push(...recorded.assistant);
    recordedUpTo = messages.length;
    usage = addUsage(usage, recorded.usage);
    const { text, toolCallCount, calls, settle } = recorded;
    return { text, toolCallCount, calls, settle };
  };

  /**
   * One model call, recorded before its tool calls run; `forcedBy` makes it the last one, with tools
   * described but not callable (as `final` does for asking a structured answer again).
   */
  const callModel = async (
    iteration: number,
    forcedBy?: AgentLimit,
    final = forcedBy !== undefined,
  ): Promise<StepOutcome> => {
    const result = await streamModelCall(
      {
        model,
        system,
        messages,
        tools: offered,
        toolChoice: final && hasTools ? "none" : undefined,
        output: request.answer?.output,
        abortSignal,
        onUnknownTool: request.onUnknownTool,
      },
      (delta) => request.onText?.(iteration, delta),
    );
    request.onWarnings?.(result.warnings);
    messages.push(...result.response.messages);
    const added = toTranscript(messages.slice(recordedUpTo), recordedUpTo === 0 ? system : undefined);
    recordedUpTo = messages.length;
    const stepUsage = toUsage(result.usage);
    usage = addUsage(usage, stepUsage);
    await request.onStep?.({
      iteration,
      text: result.text,
      toolCalls: result.toolCalls.length,
      finishReason: result.finishReason,
      usage: stepUsage,
      messages: added,
      ...(forcedBy ? { stopReason: forcedBy } : {}),
    });
    const calls = final ? [] : requestedCalls(result.toolCalls);
    return { text: result.text, toolCallCount: result.toolCalls.length, calls };
  };

  const step = async (iteration: number, forcedBy?: AgentLimit, final?: boolean): Promise<StepOutcome> => {
    abortSignal?.throwIfAborted(); // a cancelled run stops between steps, whatever the model does with the signal
    request.onIterationStart?.(iteration);
    const recorded = request.resume?.steps[iteration - 1];
    const outcome = recorded ? replay(recorded) : await callModel(iteration, forcedBy, final);
    const results = await runToolRound(outcome.calls, request.tools, {
      messages,
      abortSignal,
      settle: outcome.settle,
    });
    if (results) messages.push(results);
    return outcome;
  };

  /** The final answer; with an answer format, checked and, when it does not match, asked for once more. */
  const finish = async (answer: AgentResult): Promise<AgentResult> => {
    if (!request.answer) return answer;
    let { text, iterations } = answer;
    const object = await settleAnswer(request.answer, text, async (correction) => {
      messages.push(correction);
      iterations += 1;
      text = (await step(iterations, undefined, true)).text;
      return text;
    });
    return { ...answer, text, iterations, usage, object };
  };

  const forceAnswer = async (iteration: number, limit: AgentLimit): Promise<AgentResult> => {
    const final = await step(iteration, limit);
    return finish({ text: final.text, iterations: iteration, usage, hitLimit: true, stopReason: limit });
  };

  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    const result = await step(iteration);
    if (result.toolCallCount === 0)
      return finish({ text: result.text, iterations: iteration, usage, hitLimit: false, stopReason: "answered" });
    if (overBudget()) return forceAnswer(iteration + 1, "token budget");
  }
  return forceAnswer(maxIterations + 1, "max iterations");
}
