/** Reading a node's params the way the compiler does: the node's own value, else the component default. */
import { isFieldShown, type ComponentMeta, type ParamField } from "@/lib/nodes/types";

export function paramValue(params: Record<string, unknown>, meta: ComponentMeta, name: string): unknown {
  return params[name] ?? meta.defaults[name];
}

export function isFieldVisible(field: ParamField, params: Record<string, unknown>, meta: ComponentMeta): boolean {
  return isFieldShown(field, (name) => paramValue(params, meta, name));
}

/** "Scripted" or "OpenAI-compatible · gpt-4o-mini": what drives an agent, at a glance. */
export function describeModel(params: Record<string, unknown>, meta: ComponentMeta): string | null {
  const providerField = meta.fields.find((field) => field.name === "provider");
  if (!providerField) return null;
  const provider = String(paramValue(params, meta, "provider") ?? "");
  const option = providerField.options?.find((o) => o.value === provider);
  const providerLabel = option ? option.label.replace(/\s*\(.*\)\s*$/, "") : provider || "No provider";
  // Each provider has a model field of its own: the one shown is the chosen provider's.
  const modelField = meta.fields.find((field) => field.name === "model" && isFieldVisible(field, params, meta));
  const model = modelField ? paramValue(params, meta, "model") : undefined;
  return model ? `${providerLabel} · ${String(model)}` : providerLabel;
}
