/**
 * The model providers, one row each: what the inspector shows, which secret holds the key and where
 * it may go, the defaults, and how the provider lists its models. Pure, so the browser draws the
 * fields from it; the worker builds each model from the same row (provider-builders.ts). Adding a
 * provider is a row here and a builder there.
 */
import {
  DEFAULT_ANTHROPIC_BASE_URL,
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_OPENAI_MODEL,
} from "./model-defaults";

export const PROVIDER_IDS = [
  "openai-compatible",
  "anthropic",
  "google",
  "mistral",
  "azure",
  "bedrock",
  "ollama",
  "scripted",
] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/**
 * How a provider lists its models: `openai` GET {base}/models ({ data: [{ id }] }, Mistral too),
 * `anthropic` the same with Anthropic's headers, `gemini` GET {base}/models ({ models: [{ name }] }),
 * `ollama` GET {server}/api/tags ({ models: [{ name }] }).
 */
export type ModelListKind = "openai" | "anthropic" | "gemini" | "ollama";

/** The params providers keep their base URL and own settings in (node params, so each is named once here). */
export const PROVIDER_SETTING_PARAMS = [
  "baseUrl",
  "anthropicBaseUrl",
  "googleBaseUrl",
  "mistralBaseUrl",
  "azureBaseUrl",
  "azureResourceName",
  "azureApiVersion",
  "bedrockBaseUrl",
  "bedrockRegion",
  "ollamaBaseUrl",
] as const;
export type ProviderSettingParam = (typeof PROVIDER_SETTING_PARAMS)[number];

/** A text setting of its own (an Azure resource, an AWS region): a param, its label, help and default. */
export type ProviderSetting = {
  param: ProviderSettingParam;
  label: string;
  placeholder: string;
  help: string;
  default?: string;
};

export type ProviderRow = {
  id: ProviderId;
  label: string;
  /** The AI SDK package that speaks its API (documentation; provider-builders.ts imports it). */
  package: string;
  /**
   * The secret its key is usually in, the hosts that secret should be limited to, whether a key is
   * needed, and what the Secrets page calls this kind of secret.
   */
  key?: { secret: string; allowedHosts: string[]; required: boolean; help: string; kind?: string };
  /** Its base URL param: empty means `default`. */
  baseUrl?: { param: ProviderSettingParam; default: string; help: string };
  defaultModel: string;
  /** Suggested model ids, shown until the provider's own list is fetched (or when it has none). */
  models: string[];
  modelList?: ModelListKind;
  /** Settings of its own besides key, base URL and model. */
  settings?: ProviderSetting[];
  modelHelp: string;
};

export const PROVIDERS: readonly ProviderRow[] = [
  {
    id: "openai-compatible",
    label: "OpenAI-compatible (OpenAI, vLLM, LM Studio, OpenRouter)",
    package: "@ai-sdk/openai-compatible",
    key: {
      kind: "OpenAI API key",
      secret: "OPENAI_API_KEY",
      allowedHosts: ["api.openai.com"],
      required: false,
      help: "The secret holding the key. Leave empty for servers without keys.",
    },
    baseUrl: {
      param: "baseUrl",
      default: DEFAULT_OPENAI_BASE_URL,
      help: "Any OpenAI-compatible server, e.g. http://localhost:1234/v1 for LM Studio.",
    },
    defaultModel: DEFAULT_OPENAI_MODEL,
    models: ["gpt-4o-mini", "gpt-4o", "gpt-4.1", "gpt-4.1-mini", "o4-mini"],
    modelList: "openai",
    modelHelp: "Pick one or type any model id the server knows.",
  },
  {
    id: "anthropic",
    label: "Anthropic",
    package: "@ai-sdk/anthropic",
    key: {
      secret: "ANTHROPIC_API_KEY",
      allowedHosts: ["api.anthropic.com"],
      required: true,
      help: "The secret holding your Anthropic key.",
    },
    baseUrl: {
      param: "anthropicBaseUrl",
      default: DEFAULT_ANTHROPIC_BASE_URL,
      help: "Only for a proxy; leave empty for Anthropic itself.",
    },
    defaultModel: DEFAULT_ANTHROPIC_MODEL,
    models: ["claude-sonnet-4-5", "claude-opus-4-1", "claude-haiku-4-5", "claude-3-5-haiku-latest"],
    modelList: "anthropic",
    modelHelp: "Pick one or type any Anthropic model id.",
  },
  {
    id: "google",
    label: "Google Gemini",
    package: "@ai-sdk/google",
    key: {
      secret: "GEMINI_API_KEY",
      allowedHosts: ["generativelanguage.googleapis.com"],
      required: true,
      help: "The secret holding your Gemini API key (Google AI Studio).",
    },
    baseUrl: {
      param: "googleBaseUrl",
      default: "https://generativelanguage.googleapis.com/v1beta",
      help: "Only for a proxy; leave empty for Google itself.",
    },
    defaultModel: "gemini-2.5-flash",
    models: ["gemini-2.5-flash", "gemini-2.5-pro", "gemini-2.5-flash-lite", "gemini-2.0-flash"],
    modelList: "gemini",
    modelHelp: "Pick one or type any Gemini model id.",
  },
  {
    id: "mistral",
    label: "Mistral",
    package: "@ai-sdk/mistral",
    key: {
      secret: "MISTRAL_API_KEY",
      allowedHosts: ["api.mistral.ai"],
      required: true,
      help: "The secret holding your Mistral key.",
    },
    baseUrl: { param: "mistralBaseUrl", default: "https://api.mistral.ai/v1", help: "Only for a proxy." },
    defaultModel: "mistral-small-latest",
    models: ["mistral-small-latest", "mistral-medium-latest", "mistral-large-latest", "codestral-latest"],
    modelList: "openai",
    modelHelp: "Pick one or type any Mistral model id.",
  },
  {
    id: "azure",
    label: "Azure OpenAI",
    package: "@ai-sdk/azure",
    key: {
      secret: "AZURE_OPENAI_API_KEY",
      allowedHosts: ["*.openai.azure.com"],
      required: true,
      help: "The secret holding your Azure OpenAI resource's key.",
    },
    baseUrl: {
      param: "azureBaseUrl",
      default: "",
      help: "Instead of a resource name: the URL before /deployments, e.g. https://NAME.openai.azure.com/openai.",
    },
    settings: [
      {
        param: "azureResourceName",
        label: "Resource name",
        placeholder: "my-resource",
        help: "Your Azure OpenAI resource: requests go to https://NAME.openai.azure.com/openai/deployments/….",
      },
      {
        param: "azureApiVersion",
        label: "API version",
        placeholder: "2024-10-21",
        help: "The api-version of each request.",
        default: "2024-10-21",
      },
    ],
    defaultModel: "",
    models: [],
    modelHelp: "The deployment name (Azure routes by deployment, not by model id).",
  },
  {
    id: "bedrock",
    label: "Amazon Bedrock",
    package: "@ai-sdk/amazon-bedrock",
    key: {
      secret: "AWS_BEARER_TOKEN_BEDROCK",
      allowedHosts: ["*.amazonaws.com"],
      required: false,
      help: "A Bedrock API key; or leave empty and name an access key pair below (signed with SigV4).",
    },
    baseUrl: {
      param: "bedrockBaseUrl",
      default: "",
      help: "Only for a proxy or VPC endpoint; empty: https://bedrock-runtime.REGION.amazonaws.com.",
    },
    settings: [
      {
        param: "bedrockRegion",
        label: "Region",
        placeholder: "us-east-1",
        help: "The AWS region of the models.",
        default: "us-east-1",
      },
    ],
    defaultModel: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
    models: [
      "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
      "us.amazon.nova-pro-v1:0",
      "us.amazon.nova-lite-v1:0",
      "us.meta.llama3-3-70b-instruct-v1:0",
    ],
    modelHelp: "A Bedrock model or inference profile id.",
  },
  {
    id: "ollama",
    label: "Ollama (local models)",
    package: "@ai-sdk/openai-compatible (Ollama's /v1 API)",
    key: {
      kind: "Ollama proxy key",
      secret: "OLLAMA_API_KEY",
      allowedHosts: [],
      required: false,
      help: "Only for an Ollama behind a proxy.",
    },
    baseUrl: {
      param: "ollamaBaseUrl",
      default: "http://localhost:11434",
      help: "Where Ollama listens. In production, a private address needs SWITCHBOARD_ALLOW_PRIVATE_NETWORK=1.",
    },
    defaultModel: "llama3.2",
    models: ["llama3.2", "qwen2.5", "mistral"],
    modelList: "ollama",
    modelHelp: "The models this Ollama has (ollama pull NAME adds one).",
  },
  {
    id: "scripted",
    label: "Scripted (a test model: no API, answers from a script)",
    package: "none (lib/agent/scripted-model.ts)",
    defaultModel: "",
    models: [],
    modelHelp: "",
  },
];

export const providerRow = (id: string): ProviderRow | undefined => PROVIDERS.find((row) => row.id === id);

/**
 * What a model node's params become when its provider is switched in the inspector: the new
 * provider's default model and, when it needs a key, its usual key's secret (else none), so neither
 * the old model id nor the old key goes to the new provider.
 */
export function paramsForProvider(id: string): Record<string, unknown> {
  const row = providerRow(id);
  if (!row || row.id === "scripted") return {};
  return { model: row.defaultModel || undefined, apiKey: row.key?.required ? { $secret: row.key.secret } : undefined };
}

/**
 * A kind of secret the Secrets page offers (a row's `key.kind` names it, else "<label> API key"): its
 * usual name and the hosts it should be kept to.
 */
export type SecretKind = { id: string; label: string; name: string; allowedHosts: string[] };

/** Each provider's key, and Bedrock's access key pair, as kinds of secret. */
export const SECRET_KINDS: SecretKind[] = [
  ...PROVIDERS.flatMap(({ id, label, key }) =>
    key ? [{ id, label: key.kind ?? `${label} API key`, name: key.secret, allowedHosts: key.allowedHosts }] : [],
  ),
  { id: "aws-access-key-id", label: "AWS access key ID", name: "AWS_ACCESS_KEY_ID", allowedHosts: ["*.amazonaws.com"] },
  {
    id: "aws-secret-access-key",
    label: "AWS secret access key",
    name: "AWS_SECRET_ACCESS_KEY",
    allowedHosts: ["*.amazonaws.com"],
  },
];

/** The model a node calls: the one its params name, or its provider's default (the provider's id when it has none). */
export function modelNameOf({ provider, model }: { provider: string; model?: string }): string {
  return model || providerRow(provider)?.defaultModel || provider;
}
