/** What the compiler asks of a component for every node of its type, worked out once per component. */
import { isFieldShown, isTemplatedField, type ComponentMeta } from "../nodes/types";

type Fields = ComponentMeta["fields"];

export type ComponentShape = {
  inputs: Set<string>;
  required: Fields;
  templated: Fields;
  /** Param name → its fields, for params whose every field shows only for some value of another param. */
  conditional: Map<string, Fields>;
};

const shapes = new WeakMap<ComponentMeta, ComponentShape>();

export function shapeOf(component: ComponentMeta): ComponentShape {
  let shape = shapes.get(component);
  if (!shape) {
    shape = {
      inputs: new Set(component.inputs.map((port) => port.name)),
      required: component.fields.filter((field) => field.required),
      templated: component.fields.filter(isTemplatedField),
      conditional: conditionalFields(component.fields),
    };
    shapes.set(component, shape);
  }
  return shape;
}

function conditionalFields(fields: Fields): Map<string, Fields> {
  const byName = new Map<string, Fields>();
  for (const field of fields) byName.set(field.name, [...(byName.get(field.name) ?? []), field]);
  return new Map([...byName].filter(([, named]) => named.every((field) => field.visibleWhen)));
}

/**
 * The params a node uses: one whose every field is hidden by another param's value (the API key
 * of a provider not chosen, the expression of a Transform in template mode) is left out of the
 * plan, so its secret is neither required nor resolved.
 */
export function usedParams(component: ComponentMeta, params: Record<string, unknown>): Record<string, unknown> {
  const { conditional } = shapeOf(component);
  if (conditional.size === 0) return params;
  const shown = (field: Fields[number]) => isFieldShown(field, (name) => params[name]);
  return Object.fromEntries(
    Object.entries(params).filter(([name]) => !conditional.has(name) || conditional.get(name)!.some(shown)),
  );
}
