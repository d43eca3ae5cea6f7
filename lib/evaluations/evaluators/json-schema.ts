/**
 * `jsonSchema`: the output (an object, or text holding JSON) matches a JSON Schema, checked by the agents' own Ajv.
 * Ajv is loaded only when a check runs, so the evaluator settings (kinds.ts) stay light enough for the browser's
 * evaluator editor, which validates with the same schemas.
 */
import { z } from "zod";
import type { JsonSchema } from "../../nodes/types";
import { outputText, verdict, type RowOutcome } from "./types";

export const JsonSchemaConfig = z.object({
  kind: z.literal("jsonSchema"),
  name: z.string().max(100).optional(),
  schema: z.record(z.string(), z.unknown()),
});

export async function jsonSchema(config: z.infer<typeof JsonSchemaConfig>, row: RowOutcome) {
  const { answerFormat } = await import("../../agent/structured-answer");
  let format;
  try {
    format = answerFormat(config.schema as JsonSchema);
  } catch (error) {
    return verdict(false, (error as Error).message);
  }
  const checked = format.check(outputText(row.output));
  return checked.ok ? verdict(true, "The output matches the schema") : verdict(false, `The output: ${checked.problem}`);
}
