/**
 * The model settings shared by the Agent and LLM nodes: the inspector fields (a provider, then
 * that provider's fields and model picker), the params schema, and turning params into a model
 * in the worker, where the API key's secret reference is resolved.
 */
import { defaultSettingsMiddleware, wrapLanguageModel, type LanguageModel } from "ai";
import { z } from "zod";
import type { ParamField } from "../nodes/types";
import { SecretRef } from "../secrets/reference";
import { secretRef } from "../secrets/secret-ref";
import { resolveSecrets } from "../secrets/resolve";
import type { OutboundSecret } from "../secrets/secret-destination";
import { modelFor, ModelSettings, RealModelSettings } from "./models";
import { DEFAULT_OPENAI_BASE_URL, DEFAULT_OPENAI_MODEL } from "./model-defaults";
import {
  PROVIDER_IDS,
  PROVIDER_SETTING_PARAMS,
  PROVIDERS,
  type ProviderRow,
  providerRow,
  type ProviderSettingParam,
  modelNameOf,
} from "./provider-table";
import { withModelSpans } from "./traced-model";
import { AgentScript } from "./scripted-model";
import { describeIssues } from "../validation/describe-issues";
import { samplingParams } from "./validate-model-params";

/**
 * A new Agent or LLM in the editor: OpenAI's endpoint and model spelled out, its key from the OPENAI_API_KEY secret.
 */
export const startingModelParams = {
  provider: "openai-compatible",
  baseUrl: DEFAULT_OPENAI_BASE_URL,
  model: DEFAULT_OPENAI_MODEL,
  apiKey: secretRef("OPENAI_API_KEY"),
};

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

/** Bedrock's other way to sign in: an AWS access key pair, both secrets (its row's key is a Bedrock API key). */
const BEDROCK_KEY_PAIR: ParamField[] = [
  {
    name: "awsAccessKeyId",
    label: "Access key ID",
    kind: "secret",
    placeholder: "AWS_ACCESS_KEY_ID",
    help: "With the secret access key below, instead of an API key: requests are signed (SigV4).",
  },
  {
    name: "awsSecretAccessKey",
    label: "Secret access key",
    kind: "secret",
    placeholder: "AWS_SECRET_ACCESS_KEY",
    help: "The secret holding the access key's secret.",
  },
];

/** A real provider's fields, from its row: model (with the picker), key, base URL, its own settings, sampling. */
function providerFields(row: ProviderRow): ParamField[] {
  const options = row.models.length > 0 ? row.models.map((id) => ({ value: id, label: id })) : undefined;
  const fields: ParamField[] = [
    {
      name: "model",
      label: row.id === "azure" ? "Deployment" : "Model",
      kind: "text",
      options,
      placeholder: row.defaultModel || (row.id === "azure" ? "my-gpt-4o-deployment" : ""),
      help: row.modelHelp,
      ...(row.modelList ? { listsModels: true } : {}),
    },
  ];
  if (row.key)
    fields.push({ name: "apiKey", label: "API key", kind: "secret", placeholder: row.key.secret, help: row.key.help });
  if (row.id === "bedrock") fields.push(...BEDROCK_KEY_PAIR);
  for (const setting of row.settings ?? [])
    fields.push({
      name: setting.param,
      label: setting.label,
      kind: "text",
      placeholder: setting.placeholder,
      help: setting.help,
    });
  if (row.baseUrl)
    fields.push({
      name: row.baseUrl.param,
      label: "Base URL",
      kind: "text",
      placeholder: row.baseUrl.default || "https://…",
      help: row.baseUrl.help,
    });
  return [...fields.map((field) => ({ ...field, ...when(row.id) })), ...samplingFields(row.id)];
}

/** Two fields may share a param name: only the one for the chosen provider is shown. */
export const modelFields: ParamField[] = [
  {
    name: "provider",
    label: "Model provider",
    kind: "select",
    options: PROVIDERS.map((row) => ({ value: row.id, label: row.label })),
  },
  {
    name: "script",
    label: "Script",
    kind: "json",
    help:
      'Tool calls to make, then the answer: { "toolCalls": [{ "tool": "http_request", "args": { "url": ' +
      '"/api/health" } }], "finalText": "Got {{results.0}}" }',
    ...when("scripted"),
  },
  ...PROVIDERS.filter((row) => row.id !== "scripted").flatMap(providerFields),
];

const secretParam = z.union([SecretRef, z.string()], "apiKey must name a secret").optional();
const settingText = z.string().default("");

export const modelParams = {
  provider: z.enum(PROVIDER_IDS).default("scripted"),
  script: AgentScript.default({ toolCalls: [], finalText: "You said: {{input}}", streamDelayMs: 0 }),
  model: z.string().default(""),
  /** Each provider's base URL and own settings (provider-table.ts); empty: the row's default. */
  ...(Object.fromEntries(PROVIDER_SETTING_PARAMS.map((param) => [param, settingText])) as Record<
    ProviderSettingParam,
    typeof settingText
  >),
  /**
   * A secret reference when saved; in the worker it arrives already swapped for its value
   * (lib/secrets/secret-scope.ts).
   */
  apiKey: secretParam,
  /** Bedrock's access key pair (secrets too), when it signs requests instead of sending an API key. */
  awsAccessKeyId: secretParam,
  awsSecretAccessKey: secretParam,
  /** Before keys were secrets, a node named an environment variable; it now reads as the secret of that name. */
  apiKeyEnv: z.string().optional(),
  ...samplingParams,
};

/** The node's model params; a provider's settings it leaves out are its row's defaults. */
type ModelParams = Omit<z.infer<z.ZodObject<typeof modelParams>>, ProviderSettingParam> &
  Partial<Record<ProviderSettingParam, string>>;

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
  const keys = {
    apiKey: params.apiKey || legacyKey || "",
    id: params.awsAccessKeyId,
    secret: params.awsSecretAccessKey,
  };
  const { value: resolved, secretValues, secrets } = await resolveSecrets(keys);
  const parsed =
    params.provider === "scripted"
      ? ModelSettings.safeParse({ provider: "scripted", script: params.script })
      : RealModelSettings.safeParse(realSettings(params, resolved));
  if (!parsed.success) throw new Error(describeIssues(parsed.error, "model"));
  return {
    model: withModelSpans(
      withSampling(modelFor(parsed.data, [...outbound, ...secrets]), params),
      params.provider,
      modelNameOf(params),
    ),
    secretValues,
  };
}

/** A real provider's settings from the node's params (its row says which param holds what), keys resolved. */
function realSettings(params: ModelParams, keys: { apiKey: unknown; id?: unknown; secret?: unknown }) {
  const row = providerRow(params.provider)!;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const aws =
    text(keys.id) && text(keys.secret) ? { accessKeyId: text(keys.id), secretAccessKey: text(keys.secret) } : undefined;
  return {
    provider: params.provider,
    model: params.model,
    apiKey: text(keys.apiKey),
    baseUrl: (row.baseUrl && params[row.baseUrl.param]) || "",
    settings: Object.fromEntries((row.settings ?? []).map((setting) => [setting.param, params[setting.param] ?? ""])),
    ...(aws ? { aws } : {}),
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
