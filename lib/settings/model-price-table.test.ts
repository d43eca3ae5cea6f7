import { describe, expect, it } from "vitest";
import { costOf, DEFAULT_MODEL_PRICES, priceFor } from "./model-price-table";
import { formatUsd } from "./format-usd";

describe("the model price table", () => {
  it("prices a model by its own row, else by the longest row that begins its id, within its provider", () => {
    expect(priceFor(DEFAULT_MODEL_PRICES, "openai-compatible", "gpt-4o")?.inputPerMillion).toBe(2.5);
    expect(priceFor(DEFAULT_MODEL_PRICES, "openai-compatible", "gpt-4o-mini")?.model).toBe("gpt-4o-mini");
    expect(priceFor(DEFAULT_MODEL_PRICES, "openai-compatible", "gpt-4o-2024-08-06")?.model).toBe("gpt-4o");
    expect(priceFor(DEFAULT_MODEL_PRICES, "openai-compatible", "gpt-4.1-mini-2025-04-14")?.model).toBe("gpt-4.1-mini");
    expect(priceFor(DEFAULT_MODEL_PRICES, "anthropic", "claude-sonnet-4-5-20250929")?.outputPerMillion).toBe(15);
    expect(priceFor(DEFAULT_MODEL_PRICES, "anthropic", "claude-opus-4-5")?.inputPerMillion).toBe(5);
    expect(priceFor(DEFAULT_MODEL_PRICES, "anthropic", "claude-opus-4-1")?.inputPerMillion).toBe(15);
    expect(priceFor(DEFAULT_MODEL_PRICES, "anthropic", "gpt-4o")).toBeUndefined();
    expect(priceFor(DEFAULT_MODEL_PRICES, "openai-compatible", "llama3.1")).toBeUndefined();
  });

  it("costs input and output tokens at their prices per million", () => {
    const price = { provider: "p", model: "m", inputPerMillion: 2.5, outputPerMillion: 10 };
    expect(costOf(price, { inputTokens: 1_000_000, outputTokens: 0 })).toBe(2.5);
    expect(costOf(price, { inputTokens: 2000, outputTokens: 500 })).toBeCloseTo(0.01, 12);
  });

  it("shows costs in dollars, small ones with enough digits to read", () => {
    expect(formatUsd(0)).toBe("$0");
    expect(formatUsd(1.5)).toBe("$1.50");
    expect(formatUsd(0.5)).toBe("$0.50");
    expect(formatUsd(0.015)).toBe("$0.015");
    expect(formatUsd(0.0075)).toBe("$0.0075");
    expect(formatUsd(0.000027)).toBe("$0.000027");
    expect(formatUsd(0.0012345)).toBe("$0.00123");
  });
});
