/** Dataset rows from CSV and JSONL files, and the line or reason a bad file is refused for. */
import { describe, expect, it } from "vitest";
import { rowsFromCsv, rowsFromJsonl } from "./import-rows";

describe("rows from CSV", () => {
  it("reads input (JSON or text), input fields and expectations by column", () => {
    const csv = 'input,output,expected.city\n"{""q"":1}",four,Oslo\nhello,"a, b",Bergen\n';
    expect(rowsFromCsv(csv)).toEqual({
      ok: true,
      rows: [
        { input: { q: 1 }, expectations: { output: "four", city: "Oslo" } },
        { input: "hello", expectations: { output: "a, b", city: "Bergen" } },
      ],
    });
    expect(rowsFromCsv("input.city,input.unit,output\nOslo,C,4\n")).toEqual({
      ok: true,
      rows: [{ input: { city: "Oslo", unit: "C" }, expectations: { output: "4" } }],
    });
  });

  it("refuses a file without an input column, or one that does not parse", () => {
    expect(rowsFromCsv("question,answer\na,b\n")).toEqual({
      ok: false,
      problem: 'The CSV needs an "input" column (or "input.<field>" columns)',
    });
    const broken = rowsFromCsv('input,output\n"open,1\n');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.problem).toMatch(/^The CSV does not parse: /);
  });
});

describe("rows from JSONL", () => {
  it("reads one row a line, blank lines skipped", () => {
    const jsonl = '{"input":"a","expectations":{"output":"A"}}\n\n{"input":{"x":1}}\n';
    expect(rowsFromJsonl(jsonl)).toEqual({
      ok: true,
      rows: [
        { input: "a", expectations: { output: "A" } },
        { input: { x: 1 }, expectations: {} },
      ],
    });
  });

  it("names the line that is not JSON or not a row", () => {
    expect(rowsFromJsonl('{"input":1}\n{oops')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^line 2: not JSON/),
    });
    expect(rowsFromJsonl('{"input":1,"expectations":"x"}')).toEqual({
      ok: false,
      problem: 'line 1: expected { "input": …, "expectations": { … } }',
    });
  });
});
