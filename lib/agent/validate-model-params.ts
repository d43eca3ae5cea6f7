/**
 * The compiler's check on a model node's settings (Agent, LLM), apart from model-params.ts so the
 * browser's live compile can run it without the AI SDK.
 */
import type { ParamValidator } from "../nodes/types";
import { DEFAULT_OPENAI_BASE_URL, DEFAULT_OPENAI_MODEL } from "./model-defaults";

/** An OpenAI-compatible model names its server and model: an empty one is a mistake to point out, not OpenAI to fall back on. */
export const validateModelParams: ParamValidator = (params, { label }) => {
  if (params.provider !== "openai-compatible") return [];
  const blank = (name: string) => typeof params[name] !== "string" || (params[name] as string).trim() === "";
  return [
    ...(blank("baseUrl") ? [{ field: "baseUrl", message: `"${label}" needs a Base URL (${DEFAULT_OPENAI_BASE_URL} for OpenAI, http://localhost:11434/v1 for Ollama)` }] : []),
    ...(blank("model") ? [{ field: "model", message: `"${label}" needs a model (such as ${DEFAULT_OPENAI_MODEL})` }] : []),
  ];
};
