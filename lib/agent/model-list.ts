/**
 * The inspector's model picker: asks a provider which models it offers, where its API says so
 * (OpenAI-compatible and Mistral GET /models, Anthropic GET /v1/models, Gemini models.list, Ollama
 * /api/tags). The key comes from the secret the node names, resolved here on the server, and the
 * request goes through the outbound guard with that secret's allowed hosts; the answer names the
 * models only, and an error never carries the key.
 */
import { z } from "zod";
import { guardedFetchFor } from "../net/guarded-fetch";
import { SecretRef } from "../secrets/reference";
import { MissingSecretError, redactSecrets, resolveSecrets } from "../secrets/resolve";
import { describeIssues } from "../validation/describe-issues";
import { PROVIDER_IDS, PROVIDER_SETTING_PARAMS, providerRow, type ModelListKind } from "./provider-table";

export const ModelListRequest = z.object({
  provider: z.enum(PROVIDER_IDS),
  /** The node's params as the inspector has them: its key as a secret reference, its base URL. */
  params: z
    .object({
      apiKey: z.union([SecretRef, z.literal("")], "params.apiKey must name a secret").optional(),
      ...Object.fromEntries(PROVIDER_SETTING_PARAMS.map((param) => [param, z.string().optional()])),
    })
    .default({}),
});

export type ModelList = { ok: true; models: string[] } | { ok: false; error: string };

type Listing = { url: (base: string) => string; headers: (key: string) => Record<string, string>; ids: IdsOf };
type IdsOf = (body: unknown) => string[];

const ListOfIds = z.object({ data: z.array(z.object({ id: z.string() })) });
const GeminiModels = z.object({
  models: z.array(z.object({ name: z.string(), supportedGenerationMethods: z.array(z.string()).default([]) })),
});
const OllamaTags = z.object({ models: z.array(z.object({ name: z.string() })) });
const bearer = (key: string): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {});

const LISTINGS: Record<ModelListKind, Listing> = {
  openai: {
    url: (base) => `${base}/models`,
    headers: bearer,
    ids: (body) => ListOfIds.parse(body).data.map((m) => m.id),
  },
  anthropic: {
    url: (base) => `${base}/models?limit=100`,
    headers: (key) => ({ "x-api-key": key, "anthropic-version": "2023-06-01" }),
    ids: (body) => ListOfIds.parse(body).data.map((model) => model.id),
  },
  gemini: {
    url: (base) => `${base}/models?pageSize=1000`,
    headers: (key) => ({ "x-goog-api-key": key }),
    ids: (body) =>
      GeminiModels.parse(body)
        .models.filter((model) => model.supportedGenerationMethods.includes("generateContent"))
        .map((model) => model.name.replace(/^models\//, "")),
  },
  ollama: {
    url: (base) => `${base.replace(/\/+$/, "").replace(/\/v1$/, "")}/api/tags`,
    headers: bearer,
    ids: (body) => OllamaTags.parse(body).models.map((model) => model.name),
  },
};

/** The models a provider offers, or why they could not be listed (bad input: `invalid`, a 4xx for the caller). */
export async function listProviderModels(
  input: unknown,
  signal?: AbortSignal,
): Promise<ModelList | { invalid: string }> {
  const parsed = ModelListRequest.safeParse(input);
  if (!parsed.success) return { invalid: describeIssues(parsed.error, "input") };
  const { provider, params } = parsed.data;
  const row = providerRow(provider)!;
  if (!row.modelList) return { invalid: `provider: ${row.label} does not list its models here; type a model id` };
  const listing = LISTINGS[row.modelList];
  const base = ((row.baseUrl && (params as Record<string, string | undefined>)[row.baseUrl.param]) || "").trim();
  const url = listing.url((base || row.baseUrl?.default || "").replace(/\/+$/, ""));
  let resolved;
  try {
    resolved = await resolveSecrets(params.apiKey || "");
  } catch (error) {
    if (error instanceof MissingSecretError) return { invalid: `params.apiKey: ${error.message}` };
    throw error;
  }
  const { secretValues, secrets } = resolved;
  const key = typeof resolved.value === "string" ? resolved.value : "";
  try {
    const response = await guardedFetchFor({ secrets })(url, { headers: listing.headers(key), signal });
    if (!response.ok) return { ok: false, error: `${row.label} answered ${response.status} to GET ${url}` };
    return { ok: true, models: [...new Set(listing.ids(await response.json()))].sort() };
  } catch (error) {
    const message = error instanceof z.ZodError ? "an answer that is not a model list" : (error as Error).message;
    return { ok: false, error: redactSecrets(`Could not list the models at ${url}: ${message}`, secretValues) };
  }
}
