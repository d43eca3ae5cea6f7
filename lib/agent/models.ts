/**
 * Builds the AI SDK model a node asked for, with each provider's own AI SDK package (the row of
 * provider-table.ts says which). The API key arrives already resolved from a secret reference (in the
 * worker, see model-params.ts), never from the browser or the environment: every setting the packages
 * would otherwise read from environment variables (keys, Azure's resource, AWS credentials and
 * endpoint) is passed explicitly, and a provider that needs a key and has none is refused here.
 */
import type { LanguageModel } from "ai";
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createAzure } from "@ai-sdk/azure";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createMistral } from "@ai-sdk/mistral";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { z } from "zod";
import { guardedFetchFor } from "../net/guarded-fetch";
import type { OutboundSecret } from "../secrets/secret-destination";
import { AgentScript, ScriptedLanguageModel } from "./scripted-model";
import { PROVIDER_IDS, providerRow, type ProviderId, type ProviderRow } from "./provider-table";

type RealProvider = Exclude<ProviderId, "scripted">;
const REAL_PROVIDERS = PROVIDER_IDS.filter((id): id is RealProvider => id !== "scripted");

const RealModel = z.object({
  provider: z.enum(REAL_PROVIDERS),
  baseUrl: z.string().default(""),
  model: z.string().default(""),
  /** The resolved key; empty for servers that need none (Ollama, LM Studio). */
  apiKey: z.string().default(""),
  /** The provider's own settings (provider-table.ts), by param. */
  settings: z.record(z.string(), z.string()).default({}),
  /** Bedrock's access key pair, resolved, when it signs requests instead of sending an API key. */
  aws: z.object({ accessKeyId: z.string(), secretAccessKey: z.string() }).optional(),
});

/** Built once: a zod schema costs more to build than to check (every agent run checks its model's URL). */
const UrlText = z.string().url();

/** A real model's settings with the row's defaults filled in, or what is missing, naming the field. */
function withDefaults(settings: z.infer<typeof RealModel>, context: z.RefinementCtx) {
  const row = providerRow(settings.provider)!;
  const baseUrl = settings.baseUrl.trim() || row.baseUrl?.default || "";
  if (baseUrl && !UrlText.safeParse(baseUrl).success)
    context.addIssue({ code: "custom", path: ["baseUrl"], message: `baseUrl must be a URL such as ${example(row)}` });
  if (row.key?.required && !settings.apiKey)
    context.addIssue({ code: "custom", path: ["apiKey"], message: `apiKey: ${row.label} needs an API key (a secret)` });
  const model = settings.model.trim() || row.defaultModel;
  if (!model) context.addIssue({ code: "custom", path: ["model"], message: `model: ${row.modelHelp}` });
  const own = Object.fromEntries(
    (row.settings ?? []).map((setting) => [setting.param, settings.settings[setting.param]?.trim() || setting.default]),
  );
  return { ...settings, baseUrl, model, settings: own };
}

const example = (row: ProviderRow) => row.baseUrl?.default || "https://example.com/v1";

/** A real provider's settings, defaults filled in; refused naming the field that is missing or wrong. */
export const RealModelSettings = RealModel.transform(withDefaults);
export const ModelSettings = z.union([
  z.object({ provider: z.literal("scripted"), script: AgentScript }),
  RealModelSettings,
]);
export type ModelSettings = z.infer<typeof ModelSettings>;
type RealSettings = Exclude<ModelSettings, { provider: "scripted" }>;
export type ModelProvider = ProviderId;

type Fetch = typeof globalThis.fetch;
const ollamaRoot = (url: string) => url.replace(/\/+$/, "").replace(/\/v1$/, "");

/** One builder per provider: the same streaming, usage and warnings through the AI SDK's own package. */
const builders: Record<RealProvider, (settings: RealSettings, fetch: Fetch) => LanguageModel> = {
  "openai-compatible": ({ baseUrl, apiKey, model }, fetch) =>
    createOpenAICompatible({
      name: "openai-compatible",
      baseURL: baseUrl,
      apiKey: apiKey || undefined,
      // a structured answer's schema goes as response_format json_schema (OpenAI, vLLM and LM Studio take it)
      supportsStructuredOutputs: true,
      fetch,
    }).chatModel(model),
  ollama: ({ baseUrl, apiKey, model }, fetch) =>
    createOpenAICompatible({
      name: "ollama",
      baseURL: `${ollamaRoot(baseUrl)}/v1`,
      apiKey: apiKey || undefined,
      supportsStructuredOutputs: true,
      includeUsage: true,
      fetch,
    }).chatModel(model),
  anthropic: ({ baseUrl, apiKey, model }, fetch) => createAnthropic({ baseURL: baseUrl, apiKey, fetch })(model),
  google: ({ baseUrl, apiKey, model }, fetch) => createGoogleGenerativeAI({ baseURL: baseUrl, apiKey, fetch })(model),
  mistral: ({ baseUrl, apiKey, model }, fetch) => createMistral({ baseURL: baseUrl, apiKey, fetch })(model),
  azure: ({ baseUrl, apiKey, model, settings }, fetch) => {
    const resource = settings.azureResourceName;
    if (!baseUrl && !resource) throw new Error("Azure OpenAI needs a resource name or a base URL");
    return createAzure({
      baseURL: baseUrl || `https://${resource}.openai.azure.com/openai`,
      apiKey,
      apiVersion: settings.azureApiVersion,
      useDeploymentBasedUrls: true,
      fetch,
    }).chat(model);
  },
  bedrock: ({ baseUrl, apiKey, model, settings, aws }, fetch) => {
    if (!apiKey && !aws) throw new Error("Amazon Bedrock needs an API key or an access key pair (secrets)");
    const region = settings.bedrockRegion;
    return createAmazonBedrock({
      region,
      baseURL: baseUrl || `https://bedrock-runtime.${region}.amazonaws.com`,
      ...(apiKey ? { apiKey } : { accessKeyId: aws!.accessKeyId, secretAccessKey: aws!.secretAccessKey }),
      fetch,
    })(model);
  },
};

/**
 * `fetch` carries the address policy and the key's allowed hosts (lib/net/guarded-fetch.ts): a base URL is where the
 * key goes.
 */
export function createModel(settings: ModelSettings, fetch: Fetch = guardedFetchFor()): LanguageModel {
  if (settings.provider === "scripted") return new ScriptedLanguageModel(settings.script);
  return builders[settings.provider](settings, fetch);
}

/** Real models already built, by their settings and the secrets their fetch guards; the oldest go first. */
const builtModels = new Map<string, LanguageModel>();
const BUILT_MODELS_KEPT = 64;

/**
 * The model for these settings, built once: building one costs ~1.5 ms of CPU (each provider package builds its zod
 * schemas), and an agent calls its model on every step. A built model holds no state between calls; the scripted
 * model does (its script), so it is built every time.
 */
export function modelFor(settings: ModelSettings, secrets: OutboundSecret[]): LanguageModel {
  if (settings.provider === "scripted") return createModel(settings);
  const key = JSON.stringify([settings, secrets]);
  const model = builtModels.get(key) ?? createModel(settings, guardedFetchFor({ secrets }));
  builtModels.delete(key);
  builtModels.set(key, model);
  if (builtModels.size > BUILT_MODELS_KEPT) builtModels.delete(builtModels.keys().next().value!);
  return model;
}
