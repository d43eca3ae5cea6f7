/**
 * One model call, streamed: the request the AI SDK's streamText would send (the same prompt conversion, tools, answer
 * format and retries, from the SDK itself), and the same step back — text, tool calls, finish reason, usage, the
 * messages it adds, the provider's warnings — but the provider's stream is read here (model-step.ts) rather than
 * through streamText's own layers of web streams, which cost a waiting agent's worker more CPU than the rest of its
 * run. The answer's text reaches `onText` as it arrives (the run view shows it token by token). A stream error is
 * thrown, as generateText would, instead of being logged and swallowed; an abort ends the call.
 */
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { LanguageModel, ModelMessage, ToolSet } from "ai";
import {
  convertToLanguageModelPrompt,
  prepareRetries,
  prepareToolsAndToolChoice,
  standardizePrompt,
} from "ai/internal";
import { readModelStream } from "./model-step";
import { stepResult, type StepResult, type UnknownToolHandler } from "./step-result";
import type { AnswerFormat } from "./structured-answer";
import "./model-warnings"; // the SDK's own console warnings off: callers log them per node

export type ModelCall = {
  model: LanguageModel;
  system?: string;
  messages: ModelMessage[];
  tools?: ToolSet;
  toolChoice?: "none";
  /**
   * Structured output (structured-answer.ts): the schema goes to the provider as the response format; the node checks
   * the answer's text itself, so a mismatch is asked again rather than thrown here.
   */
  output?: AnswerFormat["output"];
  abortSignal?: AbortSignal;
  /**
   * Told when the model calls a tool it was not given (the model is told it does not exist): the node sends the call
   * on to the gateway, which refuses it there and so records it.
   */
  onUnknownTool?: UnknownToolHandler;
};

/** Every model the nodes build speaks the SDK's current model interface (models.ts, scripted-model.ts). */
function languageModel(model: LanguageModel): LanguageModelV3 {
  if (typeof model === "string" || model.specificationVersion !== "v3")
    throw new Error(`The model ${typeof model === "string" ? model : model.modelId} is not an AI SDK v3 model`);
  return model;
}

export async function streamModelCall(call: ModelCall, onText: (delta: string) => void): Promise<StepResult> {
  const { system, messages, tools, toolChoice, abortSignal } = call;
  const model = languageModel(call.model);
  const prompt = await convertToLanguageModelPrompt({
    prompt: await standardizePrompt({ system, messages }),
    supportedUrls: await model.supportedUrls,
    download: undefined,
    abortSignal,
  });
  const offered = await prepareToolsAndToolChoice({ tools, toolChoice, activeTools: undefined });
  const responseFormat = await call.output?.responseFormat;
  const { retry } = prepareRetries({ maxRetries: undefined, abortSignal });
  const { stream } = await retry(() => model.doStream({ prompt, ...offered, responseFormat, abortSignal }));
  return stepResult(await readModelStream(stream, onText, abortSignal), tools, call.onUnknownTool);
}
