/** Checking a run's input against the Entry's fields: types, required, defaults, unknown keys, all named. */
import { describe, expect, it } from "vitest";
import { checkRunInput, InputFields, inputFieldsProblems } from "./run-input-schema";

const fields = InputFields.parse([
  { name: "city", type: "string", required: true, description: "Where" },
  { name: "days", type: "number", default: 3 },
  { name: "metric", type: "boolean" },
]);

describe("checkRunInput", () => {
  it("accepts anything when there are no fields", () => {
    expect(checkRunInput([], "free text")).toEqual({ ok: true, value: "free text" });
  });

  it("fills defaults and keeps what was given", () => {
    expect(checkRunInput(fields, { city: "Oslo" })).toEqual({ ok: true, value: { city: "Oslo", days: 3 } });
    expect(checkRunInput(fields, { city: "Oslo", days: 5, metric: true })).toEqual({
      ok: true,
      value: { city: "Oslo", days: 5, metric: true },
    });
  });

  it("names each field that is wrong", () => {
    const checked = checkRunInput(fields, { days: "five", color: "red" });
    expect(checked).toEqual({
      ok: false,
      errors: [
        { field: "input.color", message: expect.stringContaining("not one of this workflow's input fields") },
        { field: "input.city", message: "input.city is required (Where)" },
        { field: "input.days", message: "input.days must be a number, not a string" },
      ],
    });
    expect(checkRunInput(fields, "Oslo")).toMatchObject({
      ok: false,
      errors: [{ field: "input", message: expect.stringContaining("must be an object") }],
    });
  });
});

describe("inputFieldsProblems", () => {
  it("finds bad names, duplicates and defaults of the wrong type", () => {
    expect(inputFieldsProblems([{ name: "1st" }])).toEqual([expect.stringContaining("field 1:")]);
    expect(inputFieldsProblems([{ name: "a" }, { name: "a" }])).toEqual(['the field name "a" is used twice']);
    expect(inputFieldsProblems([{ name: "n", type: "number", default: "x" }])).toEqual([
      'the default of "n" is not a number',
    ]);
    expect(inputFieldsProblems([{ name: "ok", type: "string" }])).toEqual([]);
  });
});
