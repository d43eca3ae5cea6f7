/** Every condition operator, on text, numbers, lists and missing values; undecidable conditions say why. */
import { describe, expect, it } from "vitest";
import { evaluateCondition } from "./condition";

describe("evaluateCondition", () => {
  it("compares text", () => {
    expect(evaluateCondition({ value: "ALERT: disk full", operator: "contains", compareTo: "ALERT" })).toBe(true);
    expect(evaluateCondition({ value: "all quiet", operator: "contains", compareTo: "ALERT" })).toBe(false);
    expect(evaluateCondition({ value: "all quiet", operator: "not_contains", compareTo: "ALERT" })).toBe(true);
    expect(evaluateCondition({ value: "ok", operator: "equals", compareTo: "ok" })).toBe(true);
    expect(evaluateCondition({ value: "ok", operator: "not_equals", compareTo: "ok" })).toBe(false);
    expect(evaluateCondition({ value: "order-1234", operator: "matches", compareTo: "^order-\\d+$" })).toBe(true);
  });

  it("looks for an item in a list, and compares objects as JSON", () => {
    expect(evaluateCondition({ value: ["a", "b"], operator: "contains", compareTo: "b" })).toBe(true);
    expect(evaluateCondition({ value: { a: 1 }, operator: "equals", compareTo: '{"a":1}' })).toBe(true);
  });

  it("compares numbers, also when they arrive as text", () => {
    expect(evaluateCondition({ value: 5, operator: "gt", compareTo: "3" })).toBe(true);
    expect(evaluateCondition({ value: "2.5", operator: "lte", compareTo: "2.5" })).toBe(true);
    expect(evaluateCondition({ value: 1, operator: "gte", compareTo: "2" })).toBe(false);
    expect(evaluateCondition({ value: -1, operator: "lt", compareTo: "0" })).toBe(true);
  });

  it("tells empty from present, and true from false", () => {
    for (const empty of [undefined, null, "", [], {}])
      expect(evaluateCondition({ value: empty, operator: "exists" })).toBe(false);
    expect(evaluateCondition({ value: 0, operator: "exists" })).toBe(true);
    expect(evaluateCondition({ value: undefined, operator: "not_exists" })).toBe(true);
    expect(evaluateCondition({ value: "true", operator: "is_true" })).toBe(true);
    expect(evaluateCondition({ value: true, operator: "is_true" })).toBe(true);
    expect(evaluateCondition({ value: "no", operator: "is_false" })).toBe(true);
  });

  it("says why it cannot decide", () => {
    expect(() => evaluateCondition({ value: "many", operator: "gt", compareTo: "3" })).toThrow(
      /The value is not a number: "many"/,
    );
    expect(() => evaluateCondition({ value: 4, operator: "lt", compareTo: "" })).toThrow(
      /The comparison is not a number/,
    );
    expect(() => evaluateCondition({ value: "x", operator: "matches", compareTo: "(" })).toThrow(
      /regular expression "\(" is not valid/,
    );
  });
});
