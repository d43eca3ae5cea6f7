/**
 * Where a model node goes when it names no server or model of its own: OpenAI's and Anthropic's endpoints and a current
 * small model of each.
 */
export const DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1";
export const DEFAULT_ANTHROPIC_BASE_URL = "https://api.anthropic.com/v1";
export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";
export const DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-4-5";

/** The model a node calls: the one its params name, or its provider's default ("scripted" for the test model). */
export function modelNameOf({ provider, model }: { provider: string; model?: string }): string {
  if (model) return model;
  if (provider === "openai-compatible") return DEFAULT_OPENAI_MODEL;
  return provider === "anthropic" ? DEFAULT_ANTHROPIC_MODEL : provider;
}
