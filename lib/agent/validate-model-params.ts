/**
 * The compiler's check on a model node's settings (Agent, LLM), apart from model-params.ts so the
 * browser's live compile can run it without the AI SDK.
 */
import type { ParamProblem, ParamValidator } from "../nodes/types";
import { DEFAULT_OPENAI_BASE_URL, DEFAULT_OPENAI_MODEL } from "./model-defaults";

/** The temperatures a model node accepts (what providers take, OpenAI's range being the widest). */
export const TEMPERATURE_RANGE = { min: 0, max: 2 };

/** A temperature in range and a whole, positive answer length, where set (empty: the default). */
function samplingProblems(params: Record<string, unknown>, label: string): ParamProblem[] {
  const { temperature, maxOutputTokens } = params;
  const problems: ParamProblem[] = [];
  if (temperature !== undefined && (typeof temperature !== "number" || temperature < TEMPERATURE_RANGE.min || temperature > TEMPERATURE_RANGE.max)) {
    problems.push({ field: "temperature", message: `"${label}" needs a temperature from ${TEMPERATURE_RANGE.min} to ${TEMPERATURE_RANGE.max}, or none for the model's default` });
  }
  if (maxOutputTokens !== undefined && (typeof maxOutputTokens !== "number" || !Number.isInteger(maxOutputTokens) || maxOutputTokens < 1)) {
    problems.push({ field: "maxOutputTokens", message: `"${label}" needs a whole number of max output tokens, 1 or more, or none for the provider's default` });
  }
  return problems;
}

/**
 * An OpenAI-compatible model names its server and model: an empty one is a mistake to point out, not
 * OpenAI to fall back on. A real model's temperature and answer length must be ones it can take.
 */
export const validateModelParams: ParamValidator = (params, { label }) => {
  if (params.provider === "scripted" || params.provider === undefined) return [];
  const blank = (name: string) => typeof params[name] !== "string" || (params[name] as string).trim() === "";
  const missing = params.provider !== "openai-compatible" ? [] : [
    ...(blank("baseUrl") ? [{ field: "baseUrl", message: `"${label}" needs a Base URL (${DEFAULT_OPENAI_BASE_URL} for OpenAI, http://localhost:11434/v1 for Ollama)` }] : []),
    ...(blank("model") ? [{ field: "model", message: `"${label}" needs a model (such as ${DEFAULT_OPENAI_MODEL})` }] : []),
  ];
  return [...missing, ...samplingProblems(params, label)];
};
