/**
 * An evaluator's text settings may quote the row: `{{expected.city}}` (its expectations) and `{{input.name}}` (its
 * input; `{{input}}` the whole input), so one evaluator checks each row against that row's own expectation. Pure.
 */
import type { RowOutcome } from "./types";

function at(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (current, key) =>
      current !== null && typeof current === "object" ? (current as Record<string, unknown>)[key] : undefined,
    value,
  );
}

const asText = (value: unknown) =>
  value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value);

/** The text with every placeholder replaced by the row's value (empty when the row has none). */
export function fillRow(text: string, row: Pick<RowOutcome, "input" | "expectations">): string {
  return text.replace(/\{\{\s*(expected|input)((?:\.[\w-]+)*)\s*\}\}/g, (_match, root: string, rest: string) => {
    const path = rest.split(".").filter(Boolean);
    return asText(at(root === "expected" ? row.expectations : row.input, path));
  });
}
