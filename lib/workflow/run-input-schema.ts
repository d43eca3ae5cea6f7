/**
 * A workflow's input schema: the fields its Entry asks for (name, type, description, required,
 * default). The Run form is built from it, and the HTTP API (and MCP) check a run's input against
 * it, naming the field that is wrong. Pure; the browser reads the fields without it
 * (components/run-input/entry-input-fields.ts).
 */
import { z } from "zod";
import { INPUT_FIELD_NAME_PATTERN, INPUT_FIELD_TYPES } from "./constants";

export const InputField = z.object({
  name: z
    .string()
    .regex(INPUT_FIELD_NAME_PATTERN, "a field name uses letters, digits and _, and does not start with a digit"),
  type: z.enum(INPUT_FIELD_TYPES).default("string"),
  description: z.string().max(500).default(""),
  required: z.boolean().default(false),
  default: z.unknown().optional(),
});
export type InputField = z.infer<typeof InputField>;
export const InputFields = z.array(InputField).max(50);

export type InputProblem = { field: string; message: string };
export type CheckedInput = { ok: true; value: unknown } | { ok: false; errors: InputProblem[] };

const typeOf = (value: unknown) =>
  Array.isArray(value)
    ? "a list"
    : value === null
      ? "null"
      : typeof value === "object"
        ? "an object"
        : `a ${typeof value}`;

function fitsType(field: InputField, value: unknown): boolean {
  switch (field.type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "json":
      return true;
  }
}

/** Checks a run's input against the fields (none: anything goes) and fills in defaults. */
export function checkRunInput(fields: readonly InputField[], input: unknown): CheckedInput {
  if (fields.length === 0) return { ok: true, value: input };
  const given = input === undefined || input === null || input === "" ? {} : input;
  if (typeof given !== "object" || Array.isArray(given)) {
    return {
      ok: false,
      errors: [
        {
          field: "input",
          message:
            `input must be an object with the fields ${fields.map((f) => f.name).join(", ")}, not ` +
            `${typeOf(given)}`,
        },
      ],
    };
  }
  const values = given as Record<string, unknown>;
  const errors: InputProblem[] = [];
  const known = new Set(fields.map((field) => field.name));
  for (const key of Object.keys(values)) {
    if (!known.has(key))
      errors.push({
        field: `input.${key}`,
        message: `input.${key} is not one of this workflow's input fields (${[...known].join(", ")})`,
      });
  }
  const value: Record<string, unknown> = {};
  for (const field of fields) {
    const present = values[field.name] !== undefined;
    if (!present && field.default !== undefined) value[field.name] = field.default;
    else if (!present && field.required)
      errors.push({
        field: `input.${field.name}`,
        message: `input.${field.name} is required${field.description ? ` (${field.description})` : ""}`,
      });
    else if (present && !fitsType(field, values[field.name]))
      errors.push({
        field: `input.${field.name}`,
        message: `input.${field.name} must be a ${field.type}, not ${typeOf(values[field.name])}`,
      });
    else if (present) value[field.name] = values[field.name];
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}

/** The problems in a field list itself (the compiler reports them on the Entry node). */
export function inputFieldsProblems(raw: unknown): string[] {
  const parsed = InputFields.safeParse(raw ?? []);
  if (!parsed.success)
    return parsed.error.issues.map(
      (issue) => `${issue.path.length ? `field ${Number(issue.path[0]) + 1}: ` : ""}${issue.message}`,
    );
  const seen = new Set<string>();
  return parsed.data.flatMap((field) => {
    if (seen.has(field.name)) return [`the field name "${field.name}" is used twice`];
    seen.add(field.name);
    return field.default !== undefined && !fitsType(field, field.default)
      ? [`the default of "${field.name}" is not a ${field.type}`]
      : [];
  });
}

/**
 * The input fields a workflow's Entry asks for (none when it has no Entry or no fields); works on stored, compiled and
 * editor nodes alike.
 */
export function entryFieldsOf(
  nodes: Iterable<{
    type?: string;
    params?: Record<string, unknown>;
    data?: { componentType?: string; params?: Record<string, unknown> };
  }>,
): InputField[] {
  for (const node of nodes) {
    if ((node.data?.componentType ?? node.type) !== "core.entry") continue;
    return InputFields.safeParse(node.params?.inputFields ?? node.data?.params?.inputFields ?? []).data ?? [];
  }
  return [];
}
