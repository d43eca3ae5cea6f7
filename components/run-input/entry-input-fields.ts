/**
 * The input fields the workflow's Entry asks for, read from the editor's nodes or a stored graph (none when there is no
 * Entry or no fields).
 */
import { entryFieldsOf, type InputField } from "@/lib/workflow/run-input-schema";

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
    fields = entryFieldsOf([entry!]);
    cache.set(raw, fields);
  }
  return fields;
}
