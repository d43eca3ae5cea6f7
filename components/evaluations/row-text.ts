/**
 * A dataset row as a person types it: the input and the expected output as text or JSON (text that parses as JSON is
 * JSON, as in a CSV import), other expectations as one JSON object. Pure.
 */
export type RowDraft = { input: string; output: string; more: string };
export type RowValue = { input: unknown; expectations: Record<string, unknown> };

export function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A value as it is edited: text as it is, anything else as indented JSON; nothing as empty. */
export const editText = (value: unknown): string =>
  value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value, null, 2);

export function draftOf(row: RowValue): RowDraft {
  const { output, ...more } = row.expectations;
  return { input: editText(row.input), output: editText(output), more: Object.keys(more).length ? editText(more) : "" };
}

/** The row a draft stands for, or what is wrong with it (the field named). */
export function rowOf(draft: RowDraft): { ok: true; row: RowValue } | { ok: false; error: string } {
  let more: unknown = {};
  if (draft.more.trim() !== "") {
    try {
      more = JSON.parse(draft.more);
    } catch (error) {
      return { ok: false, error: `Other expectations: not JSON (${(error as Error).message})` };
    }
    if (more === null || typeof more !== "object" || Array.isArray(more))
      return { ok: false, error: 'Other expectations: give a JSON object, like { "city": "Oslo" }' };
  }
  const expectations = { ...(more as Record<string, unknown>) };
  if (draft.output.trim() !== "") expectations.output = jsonOrText(draft.output);
  const input = draft.input.trim() === "" ? null : jsonOrText(draft.input);
  return { ok: true, row: { input, expectations } };
}
