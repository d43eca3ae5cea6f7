/**
 * Turns texts into vectors with a knowledge base's embeddings provider, through the AI SDK (`embedMany`): the key is
 * read from its secret here, sent only through the guarded fetch (address policy, the secret's allowed hosts), and
 * kept out of every error message. Ingest and search both embed through this one function, so a base's chunks and its
 * queries are always in the same space.
 */
import { embedMany, type EmbeddingModel } from "ai";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createMistral } from "@ai-sdk/mistral";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { guardedFetchFor } from "../net/guarded-fetch";
import { Redactor } from "../secrets/redact";
import { readNamedSecrets } from "../secrets/resolve";
import { baseUrlOf, type EmbeddingProvider, type EmbeddingSettings } from "./embedding-settings";

type Fetch = typeof globalThis.fetch;
type Build = (baseUrl: string, apiKey: string | undefined, model: string, fetch: Fetch) => EmbeddingModel;

const ollamaV1 = (url: string) => `${url.replace(/\/+$/, "").replace(/\/v1$/, "")}/v1`;

const BUILDERS: Record<EmbeddingProvider, Build> = {
  "openai-compatible": (baseURL, apiKey, model, fetch) =>
    createOpenAICompatible({ name: "openai-compatible", baseURL, apiKey, fetch }).embeddingModel(model),
  ollama: (baseURL, apiKey, model, fetch) =>
    createOpenAICompatible({ name: "ollama", baseURL: ollamaV1(baseURL), apiKey, fetch }).embeddingModel(model),
  mistral: (baseURL, apiKey, model, fetch) => createMistral({ baseURL, apiKey, fetch }).embedding(model),
  google: (baseURL, apiKey, model, fetch) => createGoogleGenerativeAI({ baseURL, apiKey, fetch }).embeddingModel(model),
};

/** Embedding failed: the message names the provider and model, never the key. */
export class EmbeddingError extends Error {}

/** Texts go in batches so one request stays small; `onBatch` reports how many are done. */
export async function embedTexts(
  settings: EmbeddingSettings,
  texts: string[],
  {
    batchSize = 64,
    signal,
    onBatch,
  }: { batchSize?: number; signal?: AbortSignal; onBatch?: (done: number) => unknown } = {},
): Promise<number[][]> {
  const secrets = settings.apiKeySecret ? await readNamedSecrets([settings.apiKeySecret]) : [];
  const model = BUILDERS[settings.provider](
    baseUrlOf(settings),
    secrets[0]?.value,
    settings.model,
    guardedFetchFor({ secrets }),
  );
  const vectors: number[][] = [];
  for (let start = 0; start < texts.length; start += batchSize) {
    try {
      const { embeddings } = await embedMany({
        model,
        values: texts.slice(start, start + batchSize),
        maxRetries: 2,
        abortSignal: signal,
      });
      vectors.push(...embeddings);
    } catch (error) {
      const reason = new Redactor(secrets.map((secret) => secret.value)).text(
        error instanceof Error ? error.message : String(error),
      );
      throw new EmbeddingError(`Embedding with ${settings.provider} model "${settings.model}" failed: ${reason}`);
    }
    await onBatch?.(vectors.length);
  }
  return vectors;
}
