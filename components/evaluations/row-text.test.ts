/** Rows typed by a person: text or JSON in, the expected output among the expectations, a wrong field named. */
import { describe, expect, it } from "vitest";
import { draftOf, rowOf } from "./row-text";

describe("a typed dataset row", () => {
  it("reads JSON as JSON and anything else as text, the expected output among the expectations", () => {
    expect(rowOf({ input: '{ "city": "Oslo" }', output: "4°C", more: '{ "unit": "C" }' })).toEqual({
      ok: true,
      row: { input: { city: "Oslo" }, expectations: { unit: "C", output: "4°C" } },
    });
    expect(rowOf({ input: "", output: "", more: "" })).toEqual({ ok: true, row: { input: null, expectations: {} } });
  });

  it("names the field that is wrong", () => {
    expect(rowOf({ input: "x", output: "", more: "{ oops" })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Other expectations: not JSON/),
    });
    expect(rowOf({ input: "x", output: "", more: "[1]" })).toEqual({
      ok: false,
      error: 'Other expectations: give a JSON object, like { "city": "Oslo" }',
    });
  });

  it("edits a stored row as it was typed", () => {
    const row = { input: { city: "Oslo" }, expectations: { output: "4°C", unit: "C" } };
    const draft = draftOf(row);
    expect(draft).toEqual({ input: '{\n  "city": "Oslo"\n}', output: "4°C", more: '{\n  "unit": "C"\n}' });
    expect(rowOf(draft)).toEqual({ ok: true, row: { input: row.input, expectations: { unit: "C", output: "4°C" } } });
  });
});
