/**
 * The agent loop (level 3 of tool use). Each iteration is one model call whose tool calls run
 * through the gateway; a failing tool comes back to the model as an error result and the loop
 * goes on. After `maxIterations` calls that still asked for tools, or once the calls so far have
 * used more than `tokenBudget` tokens, one last call without tools forces a final answer. Usage is
 * summed across every call.
 */
import type { LanguageModel, LanguageModelUsage, ModelMessage, ToolSet } from "ai";
import { streamModelCall } from "./stream-model-call";
import type { ReportModelWarnings } from "./model-warnings";
import { toTranscript, type TranscriptMessage } from "../runs/transcript";
import type { AgentLimit, AgentStopReason } from "./stop-reason";

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
};

export type AgentResult = {
  text: string;
  iterations: number;
  usage: AgentUsage;
  hitLimit: boolean;
  stopReason: AgentStopReason;
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

/**
 * The same tools without `execute`: the model still sees their definitions (some APIs refuse a
 * conversation with tool results but no tools), yet a call it makes anyway is never run.
 */
function describeOnly(tools: ToolSet): ToolSet {
  return Object.fromEntries(
    Object.entries(tools).map(([name, tool]) => [name, { ...tool, execute: undefined }]),
  ) as ToolSet;
}

export async function runAgent(request: AgentRequest): Promise<AgentResult> {
  const { model, maxIterations, abortSignal } = request;
  const system = request.system || undefined;
  const hasTools = Object.keys(request.tools).length > 0;
  const messages: ModelMessage[] = [...(request.history ?? []), { role: "user", content: request.prompt }];
  let usage = noUsage();
  const budget = request.tokenBudget ?? 0;
  const overBudget = () => budget > 0 && usage.inputTokens + usage.outputTokens > budget;

  /** One model call; `forcedBy` makes it the last one, with tools described but not callable. */
  const step = async (iteration: number, forcedBy?: AgentLimit) => {
    abortSignal?.throwIfAborted(); // a cancelled run stops between steps, whatever the model does with the signal
    request.onIterationStart?.(iteration);
    const final = forcedBy !== undefined;
    const tools = !hasTools ? undefined : final ? describeOnly(request.tools) : request.tools;
    const result = await streamModelCall(
      {
        model,
        system,
        messages,
        tools,
        toolChoice: final && hasTools ? "none" : undefined,
        abortSignal,
        onUnknownTool: request.onUnknownTool,
      },
      (delta) => request.onText?.(iteration, delta),
    );
    request.onWarnings?.(result.warnings);
    const added =
      iteration === 1
        ? toTranscript([...messages, ...result.response.messages], system)
        : toTranscript(result.response.messages);
    messages.push(...result.response.messages);
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
    return result;
  };

  const forceAnswer = async (iteration: number, limit: AgentLimit): Promise<AgentResult> => {
    const final = await step(iteration, limit);
    return { text: final.text, iterations: iteration, usage, hitLimit: true, stopReason: limit };
  };

  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    const result = await step(iteration);
    if (result.toolCalls.length === 0)
      return { text: result.text, iterations: iteration, usage, hitLimit: false, stopReason: "answered" };
    if (overBudget()) return forceAnswer(iteration + 1, "token budget");
  }
  return forceAnswer(maxIterations + 1, "max iterations");
}
