/**
 * A model node's output schema (structured output): the JSON Schema of the object its answer must
 * be, whose top-level fields become the node's output handles. Pure, so the browser's live compile
 * and the inspector's field builder use the same rules as the worker.
 */
import type { JsonSchema, ParamProblem, PortDefinition } from "../nodes/types";
import { isRecord } from "../validation/is-record";

/** The param that holds the schema, on the Agent and the LLM. */
export const OUTPUT_SCHEMA_PARAM = "outputSchema";

/** Ports a model node always has, plus `object` (the whole answer): no field of the schema may take these names. */
export const RESERVED_OUTPUT_NAMES = ["text", "toolCalls", "iterations", "usage", "stopReason", "object", "error"];

export const FIELD_TYPES = ["string", "number", "integer", "boolean", "array", "object"] as const;
export type OutputFieldType = (typeof FIELD_TYPES)[number];
const JSON_TYPES = new Set<string>([...FIELD_TYPES, "null"]);

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** One row of the inspector's field builder; a schema of such rows only round-trips through it. */
export type OutputField = { name: string; type: OutputFieldType; description: string; required: boolean };

/** The schema the builder's rows make: an object of those fields, none other allowed. */
export function schemaFromFields(fields: readonly OutputField[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of fields) {
    const property: JsonSchema = { type: field.type };
    if (field.type === "array") property.items = {};
    if (field.description) property.description = field.description;
    properties[field.name] = property;
  }
  return {
    type: "object",
    properties,
    required: fields.filter((field) => field.required).map((field) => field.name),
    additionalProperties: false,
  };
}

/** The builder's rows for a schema, or undefined when it says more than rows can (it is edited as JSON then). */
export function fieldsFromSchema(schema: unknown): OutputField[] | undefined {
  if (schema === undefined || schema === null) return [];
  if (!isRecord(schema) || schema.type !== "object" || !isRecord(schema.properties)) return undefined;
  const required = Array.isArray(schema.required) ? schema.required : [];
  const fields: OutputField[] = [];
  for (const [name, property] of Object.entries(schema.properties)) {
    if (!isRecord(property) || !FIELD_TYPES.includes(property.type as OutputFieldType)) return undefined;
    const extra = Object.keys(property).filter((key) => !["type", "description", "items"].includes(key));
    if (extra.length > 0) return undefined;
    const description = typeof property.description === "string" ? property.description : "";
    fields.push({ name, type: property.type as OutputFieldType, description, required: required.includes(name) });
  }
  return fields;
}

/** Whether a node has a schema at all: none (or an empty value) means a free-text answer. */
export const hasOutputSchema = (schema: unknown) => schema !== undefined && schema !== null && schema !== "";

/** What is wrong with a schema, each naming the field at fault (`outputSchema.properties.city`). */
export function outputSchemaProblems(schema: unknown, label: string): ParamProblem[] {
  if (!hasOutputSchema(schema)) return [];
  const problem = (path: string, message: string): ParamProblem => ({
    field: path ? `${OUTPUT_SCHEMA_PARAM}.${path}` : OUTPUT_SCHEMA_PARAM,
    message: `"${label}": output schema${path ? ` ${path}` : ""}: ${message}`,
  });
  if (!isRecord(schema) || schema.type !== "object")
    return [problem("", 'must be a JSON Schema of an object ({ "type": "object", "properties": { … } })')];
  if (!isRecord(schema.properties) || Object.keys(schema.properties).length === 0)
    return [problem("properties", "must name at least one field")];
  const problems = Object.entries(schema.properties).flatMap(([name, property]) =>
    propertyProblems(name, property).map((message) => problem(`properties.${name}`, message)),
  );
  const required = schema.required ?? [];
  if (!Array.isArray(required) || required.some((name) => typeof name !== "string"))
    problems.push(problem("required", "must be a list of field names"));
  else
    for (const name of required.filter((name: string) => !(name in (schema.properties as object))))
      problems.push(problem("required", `names "${name}", which is not one of its fields`));
  return problems;
}

function propertyProblems(name: string, property: unknown): string[] {
  if (!FIELD_NAME.test(name))
    return [`the field name "${name}" must use letters, digits and _, and not start with a digit`];
  if (RESERVED_OUTPUT_NAMES.includes(name))
    return [`"${name}" is already one of the node's outputs; pick another field name`];
  if (!isRecord(property))
    return [`the field "${name}" must be a JSON Schema (an object such as { "type": "string" })`];
  const types = Array.isArray(property.type) ? property.type : property.type === undefined ? [] : [property.type];
  const unknown = types.filter((type) => typeof type !== "string" || !JSON_TYPES.has(type));
  return unknown.length > 0
    ? [`the field "${name}" has the type ${JSON.stringify(unknown[0])}, which is not a JSON Schema type`]
    : [];
}

/**
 * The output handles a schema adds: `object` (the whole answer) and one per top-level field, in the
 * schema's order. Nothing for a schema with problems (the compiler reports them instead).
 */
export function outputSchemaPorts(schema: unknown): PortDefinition[] {
  if (!hasOutputSchema(schema) || outputSchemaProblems(schema, "").length > 0) return [];
  const properties = (schema as { properties: Record<string, JsonSchema> }).properties;
  return [
    { name: "object", label: "Answer object", schema: { type: "object" } },
    ...Object.entries(properties).map(([name, property]) => ({
      name,
      label: name,
      schema: typeof property.type === "string" ? { type: property.type } : {},
    })),
  ];
}
