/**
 * Dataset rows from a file: JSONL (one `{ "input": …, "expectations": { … } }` per line) or CSV with a header. A CSV
 * column `input` is the input (JSON when it parses as JSON, else text), `input.x` sets the input's field x, and every
 * other column is an expectation (`expected.x` or plain `x`; `output` is what `exact` and `contains` compare with by
 * default). Parsed by csv-parse. Pure.
 */
import { parse } from "csv-parse/sync";
import { z } from "zod";

export type NewRow = { input: unknown; expectations: Record<string, unknown> };
export type ImportResult = { ok: true; rows: NewRow[] } | { ok: false; problem: string };

export const MAX_ROWS = 5_000;

export const NewRowSchema = z.object({
  input: z.unknown().optional(),
  expectations: z.record(z.string(), z.unknown()).default({}),
});

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function tooMany(count: number): ImportResult | undefined {
  return count > MAX_ROWS
    ? { ok: false, problem: `A dataset takes at most ${MAX_ROWS} rows, the file has ${count}` }
    : undefined;
}

export function rowsFromJsonl(text: string): ImportResult {
  const lines = text.split(/\r?\n/).map((line, index) => ({ line, number: index + 1 }));
  const filled = lines.filter(({ line }) => line.trim() !== "");
  const rows: NewRow[] = [];
  for (const { line, number } of filled) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      return { ok: false, problem: `line ${number}: not JSON (${(error as Error).message})` };
    }
    const parsed = NewRowSchema.safeParse(value);
    if (!parsed.success)
      return { ok: false, problem: `line ${number}: expected { "input": …, "expectations": { … } }` };
    rows.push({ input: parsed.data.input ?? null, expectations: parsed.data.expectations });
  }
  return tooMany(rows.length) ?? { ok: true, rows };
}

function rowFromRecord(record: Record<string, string>): NewRow {
  let input: unknown = null;
  const fields: Record<string, unknown> = {};
  const expectations: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(record)) {
    if (column === "input") input = jsonOrText(value);
    else if (column.startsWith("input.")) fields[column.slice("input.".length)] = value;
    else expectations[column.replace(/^expected\./, "")] = value;
  }
  return { input: Object.keys(fields).length > 0 ? { ...(input as object), ...fields } : input, expectations };
}

export function rowsFromCsv(text: string): ImportResult {
  let records: Record<string, string>[];
  try {
    records = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (error) {
    return { ok: false, problem: `The CSV does not parse: ${(error as Error).message}` };
  }
  if (
    records.length > 0 &&
    !Object.keys(records[0]).some((column) => column === "input" || column.startsWith("input."))
  )
    return { ok: false, problem: 'The CSV needs an "input" column (or "input.<field>" columns)' };
  return tooMany(records.length) ?? { ok: true, rows: records.map(rowFromRecord) };
}
