/**
 * The model price table: what a model call costs, in US dollars per million input and output tokens, by provider and
 * model. Pure (the settings page shows and edits it in the browser); the stored table is model-prices.ts. A model id
 * matches its own row, or else the longest row that begins it ("gpt-4o-2024-08-06" is priced as "gpt-4o"); a model
 * with no row has no cost (tokens are still counted).
 */
import { z } from "zod";

export const ModelPrice = z.object({
  provider: z.string().trim().min(1, "provider is required").max(60),
  model: z.string().trim().min(1, "model is required").max(200),
  inputPerMillion: z.number().min(0, "the input price cannot be negative").max(10_000),
  outputPerMillion: z.number().min(0, "the output price cannot be negative").max(10_000),
});
export type ModelPrice = z.infer<typeof ModelPrice>;

export const ModelPriceTable = z.array(ModelPrice).max(500);

const openai = (model: string, inputPerMillion: number, outputPerMillion: number): ModelPrice => ({
  provider: "openai-compatible",
  model,
  inputPerMillion,
  outputPerMillion,
});
const anthropic = (model: string, inputPerMillion: number, outputPerMillion: number): ModelPrice => ({
  provider: "anthropic",
  model,
  inputPerMillion,
  outputPerMillion,
});

/** List prices as the providers publish them (standard tier, no caching or batch discounts). */
export const DEFAULT_MODEL_PRICES: ModelPrice[] = [
  openai("gpt-4o", 2.5, 10),
  openai("gpt-4o-mini", 0.15, 0.6),
  openai("gpt-4.1", 2, 8),
  openai("gpt-4.1-mini", 0.4, 1.6),
  openai("gpt-4.1-nano", 0.1, 0.4),
  openai("gpt-5", 1.25, 10),
  openai("gpt-5-mini", 0.25, 2),
  openai("gpt-5-nano", 0.05, 0.4),
  openai("o1", 15, 60),
  openai("o1-mini", 1.1, 4.4),
  openai("o3", 2, 8),
  openai("o3-mini", 1.1, 4.4),
  openai("o4-mini", 1.1, 4.4),
  anthropic("claude-opus-4-5", 5, 25),
  anthropic("claude-opus-4", 15, 75),
  anthropic("claude-sonnet-4", 3, 15),
  anthropic("claude-3-7-sonnet", 3, 15),
  anthropic("claude-3-5-sonnet", 3, 15),
  anthropic("claude-haiku-4-5", 1, 5),
  anthropic("claude-3-5-haiku", 0.8, 4),
  anthropic("claude-3-haiku", 0.25, 1.25),
];

/** The row that prices `model` of `provider`: its own, or the longest one whose model begins it. */
export function priceFor(table: readonly ModelPrice[], provider: string, model: string): ModelPrice | undefined {
  let best: ModelPrice | undefined;
  for (const row of table) {
    if (row.provider !== provider || !model.startsWith(row.model)) continue;
    if (row.model === model) return row;
    if (!best || row.model.length > best.model.length) best = row;
  }
  return best;
}

export type TokenUsage = { inputTokens: number; outputTokens: number };

/** What `usage` costs at `price`, in US dollars. */
export const costOf = (price: ModelPrice, usage: TokenUsage): number =>
  (usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion) / 1_000_000;
