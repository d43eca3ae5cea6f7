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
  const loop = new AgentLoop(request);
  for (let iteration = 1; iteration <= request.maxIterations; iteration++) {
    const result = await loop.step(iteration);
    if (result.toolCallCount === 0) {
      return loop.finish({ text: result.text, iterations: iteration, hitLimit: false, stopReason: "answered" });
    }
    if (loop.overBudget()) return loop.forceAnswer(iteration + 1, "token budget");
  }
  return loop.forceAnswer(request.maxIterations + 1, "max iterations");
}

/** The conversation so far and what it has cost: one step is a model call (or a replayed one) and its tool round. */
class AgentLoop {
  private readonly system: string | undefined;
  private readonly hasTools: boolean;
  private readonly offered: ToolSet | undefined;
  private readonly messages: ModelMessage[];
  /** Messages already in a step's record. */
  private recordedUpTo = 0;
  private usage = noUsage();

  constructor(private readonly request: AgentRequest) {
    this.system = request.system || undefined;
    this.hasTools = Object.keys(request.tools).length > 0;
    this.offered = this.hasTools ? describeOnly(request.tools) : undefined;
    this.messages = [...(request.history ?? []), { role: "user", content: request.prompt }];
  }

  overBudget(): boolean {
    const budget = this.request.tokenBudget ?? 0;
    return budget > 0 && this.usage.inputTokens + this.usage.outputTokens > budget;
  }

  async step(iteration: number, forcedBy?: AgentLimit, final?: boolean): Promise<StepOutcome> {
    const { abortSignal } = this.request;
    abortSignal?.throwIfAborted(); // a cancelled run stops between steps, whatever the model does with the signal
    this.request.onIterationStart?.(iteration);
    const recorded = this.request.resume?.steps[iteration - 1];
    const outcome = recorded ? this.replay(recorded) : await this.callModel(iteration, forcedBy, final);
    const results = await runToolRound(outcome.calls, this.request.tools, {
      messages: this.messages,
      abortSignal,
      settle: outcome.settle,
    });
    if (results) this.messages.push(results);
    return outcome;
  }

  /** The final answer; with an answer format, checked and, when it does not match, asked for once more. */
  async finish(answer: Omit<AgentResult, "usage">): Promise<AgentResult> {
    if (!this.request.answer) return { ...answer, usage: this.usage };
    let { text, iterations } = answer;
    const object = await settleAnswer(this.request.answer, text, async (correction) => {
      this.messages.push(correction);
      iterations += 1;
      text = (await this.step(iterations, undefined, true)).text;
      return text;
    });
    return { ...answer, text, iterations, usage: this.usage, object };
  }

  async forceAnswer(iteration: number, limit: AgentLimit): Promise<AgentResult> {
    const final = await this.step(iteration, limit);
    return this.finish({ text: final.text, iterations: iteration, hitLimit: true, stopReason: limit });
  }

  /** A step recorded before the worker died: its reply joins the conversation again, the model is not called. */
  private replay(recorded: ResumedStep): StepOutcome {
    this.messages.push(...recorded.assistant);
    this.recordedUpTo = this.messages.length;
    this.usage = addUsage(this.usage, recorded.usage);
    const { text, toolCallCount, calls, settle } = recorded;
    return { text, toolCallCount, calls, settle };
  }

  /**
   * One model call, recorded before its tool calls run; `forcedBy` makes it the last one, with tools
   * described but not callable (as `final` does for asking a structured answer again).
   */
  private async callModel(
    iteration: number,
    forcedBy?: AgentLimit,
    final = forcedBy !== undefined,
  ): Promise<StepOutcome> {
    const { request, messages } = this;
    const result = await streamModelCall(
      {
        model: request.model,
        system: this.system,
        messages,
        tools: this.offered,
        toolChoice: final && this.hasTools ? "none" : undefined,
        output: request.answer?.output,
        abortSignal: request.abortSignal,
        onUnknownTool: request.onUnknownTool,
      },
      (delta) => request.onText?.(iteration, delta),
    );
    request.onWarnings?.(result.warnings);
    messages.push(...result.response.messages);
    const added = toTranscript(messages.slice(this.recordedUpTo), this.recordedUpTo === 0 ? this.system : undefined);
    this.recordedUpTo = messages.length;
    const stepUsage = toUsage(result.usage);
    this.usage = addUsage(this.usage, stepUsage);
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
  }
}
