/**
 * Which embeddings provider a knowledge base embeds with: an OpenAI-compatible `/embeddings` endpoint (OpenAI, vLLM,
 * LM Studio…), Ollama, Mistral or Google, each through its AI SDK package. The key is a secret's name, resolved only
 * where the embedding happens; the browser and the API only ever see the name. Pure, so the page and the API share it.
 */
import { z } from "zod";
import { SecretName } from "../secrets/reference";

export const EMBEDDING_PROVIDERS = ["openai-compatible", "ollama", "mistral", "google"] as const;
export type EmbeddingProvider = (typeof EMBEDDING_PROVIDERS)[number];

export const DEFAULT_EMBEDDING_BASE_URLS: Record<EmbeddingProvider, string> = {
  "openai-compatible": "https://api.openai.com/v1",
  ollama: "http://127.0.0.1:11434",
  mistral: "https://api.mistral.ai/v1",
  google: "https://generativelanguage.googleapis.com/v1beta",
};

export const EmbeddingSettings = z.object({
  provider: z.enum(EMBEDDING_PROVIDERS, {
    error: `embedding.provider must be one of ${EMBEDDING_PROVIDERS.join(", ")}`,
  }),
  baseUrl: z.url({ error: "embedding.baseUrl must be a URL such as https://api.openai.com/v1" }).optional(),
  model: z.string().trim().min(1, "embedding.model: name the embedding model, such as text-embedding-3-small"),
  /** The secret holding the API key; none for servers that need none (Ollama, a local vLLM). */
  apiKeySecret: SecretName.optional(),
});
export type EmbeddingSettings = z.infer<typeof EmbeddingSettings>;

export const baseUrlOf = (settings: EmbeddingSettings) =>
  settings.baseUrl ?? DEFAULT_EMBEDDING_BASE_URLS[settings.provider];
