/**
 * Structured output: a model node with an output schema asks for its answer through the AI SDK's
 * `Output.object` (the provider's JSON mode or structured outputs, with the schema), checks the
 * answer's text against the schema (Ajv, through the SDK's `jsonSchema` validate hook), asks once
 * more with what did not match, and fails naming it if the second answer does not match either.
 * The check works on text, so a node resumed from its recorded steps checks the replayed answer alike.
 */
import { jsonSchema, Output, type ModelMessage } from "ai";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import type { JsonSchema } from "../nodes/types";

export type AnswerCheck = { ok: true; value: Record<string, unknown> } | { ok: false; problem: string };

export type AnswerFormat = {
  /** Passed to every model call of the node: the SDK sends the schema as the response format. */
  output: ReturnType<typeof Output.object<Record<string, unknown>>>;
  check: (text: string) => AnswerCheck;
};

const ajv = new Ajv({ strict: false, allErrors: true });
const MAX_COMPILED = 100;
/** Compiled schemas by their text, a bounded number (Ajv itself keeps every schema object it compiled). */
const compiled = new Map<string, { schema: JsonSchema; validate: ValidateFunction }>();

function compile(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  const found = compiled.get(key);
  if (found) return found.validate;
  if (compiled.size >= MAX_COMPILED) {
    const [oldestKey, oldest] = compiled.entries().next().value!;
    compiled.delete(oldestKey);
    ajv.removeSchema(oldest.schema);
  }
  const validate = ajv.compile(schema);
  compiled.set(key, { schema, validate });
  return validate;
}

/** `temp: must be number`, `city: is required`: what did not match, by field. */
function describeError(error: ErrorObject): string {
  const path = error.instancePath.replace(/^\//, "").replaceAll("/", ".");
  if (error.keyword === "required") {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return `${path ? `${path}.` : ""}${missing}: is required`;
  }
  if (error.keyword === "additionalProperties") {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return `${path ? `${path}.` : ""}${extra}: is not a field of the schema`;
  }
  return `${path || "the answer"}: ${error.message ?? "does not match"}`;
}

/** A model may wrap its JSON in a Markdown fence even in JSON mode; the fence is not part of the answer. */
const withoutFence = (text: string) =>
  text
    .trim()
    .replace(/^```(?:json)?\s*\n?/i, "")
    .replace(/\n?```$/, "")
    .trim();

export function answerFormat(schema: JsonSchema): AnswerFormat {
  let validate: ValidateFunction;
  try {
    validate = compile(schema);
  } catch (error) {
    throw new Error(`The output schema is not a valid JSON Schema: ${(error as Error).message}`);
  }
  const problemsOf = (value: unknown) =>
    validate(value) ? undefined : (validate.errors ?? []).map(describeError).join("; ");
  const check = (text: string): AnswerCheck => {
    let value: unknown;
    try {
      value = JSON.parse(withoutFence(text));
    } catch {
      const shown = text.trim() === "" ? "an empty answer" : `"${text.trim().slice(0, 200)}"`;
      return { ok: false, problem: `the answer is not JSON: ${shown}` };
    }
    const problem = problemsOf(value);
    return problem === undefined ? { ok: true, value: value as Record<string, unknown> } : { ok: false, problem };
  };
  const sdkSchema = jsonSchema<Record<string, unknown>>(schema, {
    validate: (value) => {
      const problem = problemsOf(value);
      return problem === undefined
        ? { success: true, value: value as Record<string, unknown> }
        : { success: false, error: new Error(problem) };
    },
  });
  return { output: Output.object({ schema: sdkSchema, name: "answer" }), check };
}

/** The message that asks for the answer again, saying what did not match. */
export const correctionMessage = (problem: string): ModelMessage => ({
  role: "user",
  content:
    `Your answer did not match the required JSON Schema (${problem}). Answer again with only a JSON object ` +
    "that matches the schema.",
});

/** The node's error when the answer still does not match after the retry. */
export const mismatchError = (problem: string) =>
  new Error(`The answer did not match the output schema after one retry: ${problem}`);

/**
 * The answer as the schema's object: checked, asked for once more when it does not match
 * (`askAgain` sends the correction and answers with the new text), else an error naming what did not.
 */
export async function settleAnswer(
  format: AnswerFormat,
  text: string,
  askAgain: (correction: ModelMessage) => Promise<string>,
): Promise<Record<string, unknown>> {
  const first = format.check(text);
  if (first.ok) return first.value;
  const second = format.check(await askAgain(correctionMessage(first.problem)));
  if (second.ok) return second.value;
  throw mismatchError(second.problem);
}

/** A structured answer handed on: the whole object, and each top-level field as its own output. */
export const answerOutputs = (object: Record<string, unknown> | undefined) => (object ? { ...object, object } : {});
