/**
 * The compiler's check on a model node's settings (Agent, LLM), apart from model-params.ts so the
 * browser's live compile can run it without the AI SDK.
 */
import { z } from "zod";
import type { ParamProblem, ParamValidator } from "../nodes/types";
import { DEFAULT_OPENAI_BASE_URL, DEFAULT_OPENAI_MODEL } from "./model-defaults";
import { OUTPUT_SCHEMA_PARAM, outputSchemaProblems } from "./output-schema";

/**
 * A real model's temperature (what providers take, OpenAI's range being the widest) and answer
 * length; empty: the default. The one rule for both, shared with the worker's params (model-params.ts).
 */
export const samplingParams = {
  temperature: z.number().min(0, "temperature must be 0 or more").max(2, "temperature must be 2 or less").optional(),
  maxOutputTokens: z
    .number()
    .int("maxOutputTokens must be a whole number")
    .min(1, "maxOutputTokens must be at least 1")
    .optional(),
};

/** What the compiler says of a sampling field its rule refuses, naming the node. */
const samplingMessages: Record<keyof typeof samplingParams, (label: string) => string> = {
  temperature: (label) => `"${label}" needs a temperature from 0 to 2, or none for the model's default`,
  maxOutputTokens: (label) =>
    `"${label}" needs a whole number of max output tokens, 1 or more, or none for the provider's default`,
};

function samplingProblems(params: Record<string, unknown>, label: string): ParamProblem[] {
  return (Object.keys(samplingParams) as (keyof typeof samplingParams)[])
    .filter((field) => !samplingParams[field].safeParse(params[field]).success)
    .map((field) => ({ field, message: samplingMessages[field](label) }));
}

/**
 * An OpenAI-compatible model names its server and model: an empty one is a mistake to point out, not
 * OpenAI to fall back on. A real model's temperature and answer length must be ones it can take. An
 * output schema must be one whose fields can be outputs.
 */
export const validateModelParams: ParamValidator = (params, { label }) => [
  ...providerProblems(params, label),
  ...outputSchemaProblems(params[OUTPUT_SCHEMA_PARAM], label),
];

function providerProblems(params: Record<string, unknown>, label: string): ParamProblem[] {
  if (params.provider === "scripted" || params.provider === undefined) return [];
  const blank = (name: string) => typeof params[name] !== "string" || (params[name] as string).trim() === "";
  const problem = (field: string, message: string) => ({ field, message: `"${label}" needs ${message}` });
  const missing: ParamProblem[] = [];
  if (params.provider === "openai-compatible") {
    if (blank("baseUrl"))
      missing.push(
        problem(
          "baseUrl",
          `a Base URL (${DEFAULT_OPENAI_BASE_URL} for OpenAI, http://localhost:1234/v1 for LM Studio)`,
        ),
      );
    if (blank("model")) missing.push(problem("model", `a model (such as ${DEFAULT_OPENAI_MODEL})`));
  }
  if (params.provider === "azure") {
    if (blank("azureResourceName") && blank("azureBaseUrl"))
      missing.push(problem("azureResourceName", "an Azure OpenAI resource name (or a base URL)"));
    if (blank("model")) missing.push(problem("model", "the name of an Azure OpenAI deployment"));
  }
  const keyPair = !isMissing(params.awsAccessKeyId) || !isMissing(params.awsSecretAccessKey);
  if (
    params.provider === "bedrock" &&
    keyPair &&
    (isMissing(params.awsAccessKeyId) || isMissing(params.awsSecretAccessKey))
  )
    missing.push(problem("awsSecretAccessKey", "both secrets of an AWS access key pair, or neither and an API key"));
  return [...missing, ...samplingProblems(params, label)];
}

const isMissing = (value: unknown) => value === undefined || value === null || value === "";
