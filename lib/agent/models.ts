/** Builds the AI SDK model an agent node asked for. Keys come from the environment, never from node params. */
import type { LanguageModel } from "ai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { z } from "zod";
import { AgentScript, ScriptedLanguageModel } from "./scripted-model";

export const ModelSettings = z.discriminatedUnion("provider", [
  z.object({ provider: z.literal("scripted"), script: AgentScript }),
  z.object({
    provider: z.literal("openai-compatible"),
    baseUrl: z.string().url("baseUrl must be a URL such as https://api.openai.com/v1"),
    model: z.string().min(1, "model is required"),
    /** Name of the environment variable that holds the API key (empty for servers that need none, e.g. Ollama). */
    apiKeyEnv: z.string().default(""),
  }),
]);
export type ModelSettings = z.infer<typeof ModelSettings>;

export function createModel(settings: ModelSettings): LanguageModel {
  if (settings.provider === "scripted") return new ScriptedLanguageModel(settings.script);
  const apiKey = settings.apiKeyEnv ? process.env[settings.apiKeyEnv] : undefined;
  if (settings.apiKeyEnv && !apiKey) {
    throw new Error(`apiKeyEnv: environment variable ${settings.apiKeyEnv} is not set on the worker`);
  }
  const provider = createOpenAICompatible({ name: "openai-compatible", baseURL: settings.baseUrl, apiKey });
  return provider.chatModel(settings.model);
}
