/** JSONata transforms: shaping data, the $input/$run variables, and errors that say where. */
import { describe, expect, it } from "vitest";
import { evaluateExpression } from "./evaluate-expression";

describe("evaluateExpression", () => {
  it("shapes the input", async () => {
    const order = {
      items: [
        { name: "tea", price: 3, qty: 2 },
        { name: "cake", price: 4, qty: 1 },
      ],
    };
    expect(await evaluateExpression("$sum(items.(price * qty))", order)).toBe(10);
    expect(await evaluateExpression('{ "names": items.name, "count": $count(items) }', order)).toEqual({
      names: ["tea", "cake"],
      count: 2,
    });
  });

  it("binds $input and $run", async () => {
    expect(await evaluateExpression("$input.a & '-' & $run", { a: "x" }, "started")).toBe("x-started");
  });

  it("names the position of a syntax error", async () => {
    await expect(evaluateExpression("items[price >", {})).rejects.toThrow(/not valid at character \d+/);
  });

  it("stops an expression that never ends", async () => {
    await expect(evaluateExpression("($f := function($n) { $f($n + 1) }; $f(0))", {})).rejects.toThrow(
      /ran longer than 2 s and was stopped/,
    );
  });
});
