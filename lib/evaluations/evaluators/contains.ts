/** `contains`: the output contains a text (by default the row's `expected.output`). Pure. */
import { z } from "zod";
import { fillRow } from "./placeholders";
import { outputText, quote, verdict, type RowOutcome } from "./types";

export const ContainsConfig = z.object({
  kind: z.literal("contains"),
  name: z.string().max(100).optional(),
  value: z.string().max(10_000).default("{{expected.output}}"),
  ignoreCase: z.boolean().default(false),
});

export function contains(config: z.infer<typeof ContainsConfig>, row: RowOutcome) {
  const fold = (text: string) => (config.ignoreCase ? text.toLowerCase() : text);
  const wanted = fillRow(config.value, row);
  const actual = outputText(row.output);
  if (wanted === "") return verdict(false, "Nothing to look for: the row has no expected text");
  return fold(actual).includes(fold(wanted))
    ? verdict(true, `The output contains ${quote(wanted)}`)
    : verdict(false, `The output ${quote(actual)} does not contain ${quote(wanted)}`);
}
