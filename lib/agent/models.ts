/**
 * Builds the AI SDK model a node asked for. The API key arrives already resolved from a secret
 * reference (in the worker, see model-params.ts), never from the browser or the environment.
 */
import type { LanguageModel } from "ai";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { z } from "zod";
import { guardedFetchFor } from "../net/guarded-fetch";
import { AgentScript, ScriptedLanguageModel } from "./scripted-model";

import {
  DEFAULT_ANTHROPIC_BASE_URL,
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_OPENAI_MODEL,
} from "./model-defaults";

const baseUrl = (fallback: string) =>
  z
    .string()
    .default("")
    .transform((url) => url.trim() || fallback)
    .pipe(z.string().url("baseUrl must be a URL such as https://api.openai.com/v1"));
const modelId = (fallback: string) =>
  z
    .string()
    .default("")
    .transform((id) => id.trim() || fallback);

export const ModelSettings = z.discriminatedUnion("provider", [
  z.object({ provider: z.literal("scripted"), script: AgentScript }),
  z.object({
    provider: z.literal("openai-compatible"),
    baseUrl: baseUrl(DEFAULT_OPENAI_BASE_URL),
    model: modelId(DEFAULT_OPENAI_MODEL),
    /** The resolved key; empty for servers that need none (Ollama, LM Studio). */
    apiKey: z.string().default(""),
  }),
  z.object({
    provider: z.literal("anthropic"),
    baseUrl: baseUrl(DEFAULT_ANTHROPIC_BASE_URL),
    model: modelId(DEFAULT_ANTHROPIC_MODEL),
    apiKey: z.string().min(1, "apiKey: Anthropic needs an API key (a secret)"),
  }),
]);
export type ModelSettings = z.infer<typeof ModelSettings>;
export type ModelProvider = ModelSettings["provider"];

/**
 * `fetch` carries the address policy and the key's allowed hosts (lib/net/guarded-fetch.ts): a base URL is where the
 * key goes.
 */
export function createModel(
  settings: ModelSettings,
  fetch: typeof globalThis.fetch = guardedFetchFor(),
): LanguageModel {
  switch (settings.provider) {
    case "scripted":
      return new ScriptedLanguageModel(settings.script);
    case "openai-compatible":
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: settings.baseUrl,
        apiKey: settings.apiKey || undefined,
        // a structured answer's schema goes as response_format json_schema (OpenAI, Ollama, vLLM and LM Studio take it)
        supportsStructuredOutputs: true,
        fetch,
      }).chatModel(settings.model);
    case "anthropic":
      return createAnthropic({ baseURL: settings.baseUrl, apiKey: settings.apiKey, fetch })(settings.model);
  }
}
