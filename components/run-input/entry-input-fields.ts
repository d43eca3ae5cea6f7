/**
 * The input fields the workflow's Entry asks for, read from the editor's nodes or a stored graph (none when there is no
 * Entry or no fields). Read without the input schema's zod (run-input-schema.ts), which stays out of the editor's
 * bundle: each well-formed field with the schema's defaults. The server checks every field when the workflow is saved
 * and when a run starts; a malformed one is the live check's problem to show, not the Run form's.
 */
import { INPUT_FIELD_NAME_PATTERN, INPUT_FIELD_TYPES } from "@/lib/workflow/constants";
import type { InputField } from "@/lib/workflow/run-input-schema";
import { isRecord } from "@/lib/validation/is-record";

type NodeLike = { type?: string; data: { componentType?: string; params?: Record<string, unknown> } };

const EMPTY: InputField[] = [];
const cache = new WeakMap<object, InputField[]>();

export function entryInputFields(nodes: readonly NodeLike[]): InputField[] {
  const entry = nodes.find((node) => (node.data.componentType ?? node.type) === "core.entry");
  const raw = entry?.data.params?.inputFields;
  if (!Array.isArray(raw) || raw.length === 0) return EMPTY;
  // The same params object gives the same array, so store selectors stay stable.
  let fields = cache.get(raw);
  if (!fields) {
    fields = raw.flatMap(formField);
    cache.set(raw, fields);
  }
  return fields;
}

const isFieldType = (type: unknown): type is InputField["type"] => INPUT_FIELD_TYPES.some((known) => known === type);

function formField(raw: unknown): InputField[] {
  if (!isRecord(raw)) return [];
  const { name, type = "string", description, required, default: fallback } = raw;
  if (typeof name !== "string" || !INPUT_FIELD_NAME_PATTERN.test(name) || !isFieldType(type)) return [];
  return [
    {
      name,
      type,
      description: typeof description === "string" ? description : "",
      required: required === true,
      ...(fallback === undefined ? {} : { default: fallback }),
    },
  ];
}
