/**
 * The agent loop: the model may call tools up to `maxIterations` model calls; if it is still
 * calling tools at the limit, one last call without tools forces a final answer. Tool errors go
 * back to the model (the AI SDK turns a thrown tool error into a tool-error result).
 */
import { generateText, stepCountIs, type LanguageModel, type ToolSet } from "ai";

export type AgentUsage = { inputTokens: number; outputTokens: number; totalTokens: number };

export type AgentStep = { iteration: number; text: string; toolCalls: number; finishReason: string; usage: AgentUsage };

export type AgentRequest = {
  model: LanguageModel;
  system?: string;
  prompt: string;
  tools: ToolSet;
  maxIterations: number;
  abortSignal?: AbortSignal;
  onStep?: (step: AgentStep) => void | Promise<void>;
};

export type AgentResult = { text: string; iterations: number; usage: AgentUsage; hitLimit: boolean };

function toUsage(usage: { inputTokens?: number; outputTokens?: number; totalTokens?: number }): AgentUsage {
  const inputTokens = usage.inputTokens ?? 0;
  const outputTokens = usage.outputTokens ?? 0;
  return { inputTokens, outputTokens, totalTokens: usage.totalTokens ?? inputTokens + outputTokens };
}

export async function runAgent(request: AgentRequest): Promise<AgentResult> {
  const { maxIterations } = request;
  const hasTools = Object.keys(request.tools).length > 0;
  const result = await generateText({
    model: request.model,
    system: request.system || undefined,
    prompt: request.prompt,
    tools: hasTools ? request.tools : undefined,
    abortSignal: request.abortSignal,
    stopWhen: stepCountIs(maxIterations + 1),
    prepareStep: ({ stepNumber }) => (stepNumber >= maxIterations ? { toolChoice: "none", activeTools: [] } : undefined),
    onStepFinish: async (step) => {
      await request.onStep?.({
        iteration: step.stepNumber + 1,
        text: step.text,
        toolCalls: step.toolCalls.length,
        finishReason: step.finishReason,
        usage: toUsage(step.usage),
      });
    },
  });
  return {
    text: result.text,
    iterations: result.steps.length,
    usage: toUsage(result.totalUsage),
    hitLimit: result.steps.length > maxIterations,
  };
}
