/** `exact`: the output equals the expected text (by default the row's `expected.output`), trimmed. Pure. */
import { z } from "zod";
import { fillRow } from "./placeholders";
import { outputText, quote, verdict, type RowOutcome } from "./types";

export const ExactConfig = z.object({
  kind: z.literal("exact"),
  name: z.string().max(100).optional(),
  value: z.string().max(10_000).default("{{expected.output}}"),
  ignoreCase: z.boolean().default(false),
});

export function exact(config: z.infer<typeof ExactConfig>, row: RowOutcome) {
  const fold = (text: string) => (config.ignoreCase ? text.trim().toLowerCase() : text.trim());
  const expected = fillRow(config.value, row);
  const actual = outputText(row.output);
  return fold(actual) === fold(expected)
    ? verdict(true, `The output is ${quote(expected)}`)
    : verdict(false, `Expected ${quote(expected)}, got ${quote(actual)}`);
}
