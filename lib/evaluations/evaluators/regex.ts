/** `regex`: the output matches a regular expression (which may quote the row: `{{expected.x}}`). Pure. */
import { z } from "zod";
import { fillRow } from "./placeholders";
import { outputText, quote, verdict, type RowOutcome } from "./types";

export const RegexConfig = z.object({
  kind: z.literal("regex"),
  name: z.string().max(100).optional(),
  pattern: z.string().min(1).max(1_000),
  flags: z
    .string()
    .regex(/^[imsu]*$/, "flags may hold only i, m, s and u")
    .default(""),
});

/** The pattern compiled, or why it is not a regular expression. */
export function compilePattern(pattern: string, flags = ""): RegExp | string {
  try {
    return new RegExp(pattern, flags);
  } catch (error) {
    return `${quote(pattern)} is not a regular expression: ${(error as Error).message}`;
  }
}

export function regex(config: z.infer<typeof RegexConfig>, row: RowOutcome) {
  const pattern = compilePattern(fillRow(config.pattern, row), config.flags);
  if (typeof pattern === "string") return verdict(false, pattern);
  const actual = outputText(row.output);
  return pattern.test(actual)
    ? verdict(true, `The output matches ${pattern}`)
    : verdict(false, `The output ${quote(actual)} does not match ${pattern}`);
}
