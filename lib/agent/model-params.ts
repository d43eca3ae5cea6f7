/**
 * The model settings shared by the Agent and LLM nodes: the inspector fields (a provider, then
 * that provider's fields and model picker), the params schema, and turning params into a model
 * in the worker, where the API key's secret reference is resolved.
 */
import { defaultSettingsMiddleware, wrapLanguageModel, type LanguageModel } from "ai";
import { z } from "zod";
import type { ParamField } from "../nodes/types";
import { SecretRef, secretRef } from "../secrets/reference";
import { resolveSecrets } from "../secrets/resolve";
import { guardedFetchFor } from "../net/guarded-fetch";
import type { OutboundSecret } from "../secrets/secret-destination";
import { createModel, ModelSettings } from "./models";
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_BASE_URL, DEFAULT_OPENAI_MODEL, modelNameOf } from "./model-defaults";
import { withModelSpans } from "./traced-model";
import { AgentScript } from "./scripted-model";
import { describeIssues } from "../validation/describe-issues";
import { samplingParams } from "./validate-model-params";

const PROVIDERS = [
  { value: "openai-compatible", label: "OpenAI-compatible (OpenAI, Ollama, vLLM, LM Studio, OpenRouter)" },
  { value: "anthropic", label: "Anthropic" },
  { value: "scripted", label: "Scripted (a test model: no API, answers from a script)" },
];

/**
 * A new Agent or LLM in the editor: OpenAI's endpoint and model spelled out, its key from the OPENAI_API_KEY secret.
 */
export const startingModelParams = {
  provider: "openai-compatible",
  baseUrl: DEFAULT_OPENAI_BASE_URL,
  model: DEFAULT_OPENAI_MODEL,
  apiKey: secretRef("OPENAI_API_KEY"),
};

const options = (ids: string[]) => ids.map((id) => ({ value: id, label: id }));
const OPENAI_MODELS = options(["gpt-4o-mini", "gpt-4o", "gpt-4.1", "gpt-4.1-mini", "o4-mini", "llama3.1", "qwen2.5"]);
const ANTHROPIC_MODELS = options([
  "claude-sonnet-4-5",
  "claude-opus-4-1",
  "claude-haiku-4-5",
  "claude-3-5-haiku-latest",
]);

const when = (provider: string) => ({ visibleWhen: { param: "provider", equals: provider } });

/** How a real model answers (the scripted one has no use for them); empty: the model's or provider's default. */
const samplingFields = (provider: string): ParamField[] => [
  {
    name: "temperature",
    label: "Temperature",
    kind: "number",
    placeholder: "Model default",
    help:
      "0 answers alike every time; higher varies more (0–2). A model that takes none ignores it, and the run's " +
      "log says so.",
    ...when(provider),
  },
  {
    name: "maxOutputTokens",
    label: "Max output tokens",
    kind: "number",
    placeholder: "Provider default",
    help: "The longest answer one model call may give.",
    ...when(provider),
  },
];

/** Two fields may share a param name: only the one for the chosen provider is shown. */
export const modelFields: ParamField[] = [
  { name: "provider", label: "Model provider", kind: "select", options: PROVIDERS },
  {
    name: "script",
    label: "Script",
    kind: "json",
    help:
      'Tool calls to make, then the answer: { "toolCalls": [{ "tool": "http_request", "args": { "url": ' +
      '"/api/health" } }], "finalText": "Got {{results.0}}" }',
    ...when("scripted"),
  },
  {
    name: "baseUrl",
    label: "Base URL",
    kind: "text",
    placeholder: "https://api.openai.com/v1",
    help: "Any OpenAI-compatible server, e.g. http://localhost:11434/v1 for Ollama.",
    ...when("openai-compatible"),
  },
  {
    name: "model",
    label: "Model",
    kind: "text",
    options: OPENAI_MODELS,
    placeholder: DEFAULT_OPENAI_MODEL,
    help: "Pick one or type any model id the server knows.",
    ...when("openai-compatible"),
  },
  {
    name: "apiKey",
    label: "API key",
    kind: "secret",
    placeholder: "OPENAI_API_KEY",
    help: "The secret holding the key. Leave empty for servers without keys.",
    ...when("openai-compatible"),
  },
  ...samplingFields("openai-compatible"),
  {
    name: "model",
    label: "Model",
    kind: "text",
    options: ANTHROPIC_MODELS,
    placeholder: DEFAULT_ANTHROPIC_MODEL,
    help: "Pick one or type any Anthropic model id.",
    ...when("anthropic"),
  },
  {
    name: "apiKey",
    label: "API key",
    kind: "secret",
    placeholder: "ANTHROPIC_API_KEY",
    help: "The secret holding your Anthropic key.",
    ...when("anthropic"),
  },
  {
    name: "anthropicBaseUrl",
    label: "Base URL",
    kind: "text",
    placeholder: "https://api.anthropic.com/v1",
    help: "Only for a proxy; leave empty for Anthropic itself.",
    ...when("anthropic"),
  },
  ...samplingFields("anthropic"),
];

export const modelParams = {
  provider: z.enum(["scripted", "openai-compatible", "anthropic"]).default("scripted"),
  script: AgentScript.default({ toolCalls: [], finalText: "You said: {{input}}", streamDelayMs: 0 }),
  baseUrl: z.string().default(""),
  anthropicBaseUrl: z.string().default(""),
  model: z.string().default(""),
  /**
   * A secret reference when saved; in the worker it arrives already swapped for its value
   * (lib/secrets/secret-scope.ts).
   */
  apiKey: z.union([SecretRef, z.string()], "apiKey must name a secret").optional(),
  /** Before keys were secrets, a node named an environment variable; it now reads as the secret of that name. */
  apiKeyEnv: z.string().optional(),
  ...samplingParams,
};

type ModelParams = z.infer<z.ZodObject<typeof modelParams>>;

/**
 * Builds the model in the worker; `secretValues` are what to redact from anything the node reports.
 * The key usually arrives resolved already (the node's params are): `outbound` carries its allowed
 * hosts, and the model's fetch checks them on every request it makes, redirects included.
 */
export async function modelFromParams(
  params: ModelParams,
  outbound: readonly OutboundSecret[] = [],
): Promise<{ model: LanguageModel; secretValues: string[] }> {
  const legacyKey =
    params.provider === "openai-compatible" && !params.apiKey && params.apiKeyEnv
      ? secretRef(params.apiKeyEnv)
      : undefined;
  const { value: apiKey, secretValues, secrets } = await resolveSecrets(params.apiKey || legacyKey || "");
  const settings = (() => {
    switch (params.provider) {
      case "scripted":
        return { provider: "scripted", script: params.script };
      case "openai-compatible":
        return { provider: "openai-compatible", baseUrl: params.baseUrl, model: params.model, apiKey };
      case "anthropic":
        return { provider: "anthropic", baseUrl: params.anthropicBaseUrl, model: params.model, apiKey };
    }
  })();
  const parsed = ModelSettings.safeParse(settings);
  if (!parsed.success) throw new Error(describeIssues(parsed.error, "model"));
  return {
    model: withModelSpans(
      withSampling(createModel(parsed.data, guardedFetchFor({ secrets: [...outbound, ...secrets] })), params),
      params.provider,
      modelNameOf(params),
    ),
    secretValues,
  };
}

/** Every call of the model gets the node's temperature and answer length, where it sets them. */
function withSampling(model: LanguageModel, { provider, temperature, maxOutputTokens }: ModelParams): LanguageModel {
  if (provider === "scripted" || (temperature === undefined && maxOutputTokens === undefined)) return model;
  // every provider here makes v3 models
  if (typeof model === "string" || model.specificationVersion !== "v3") return model;
  return wrapLanguageModel({
    model,
    middleware: defaultSettingsMiddleware({ settings: { temperature, maxOutputTokens } }),
  });
}
