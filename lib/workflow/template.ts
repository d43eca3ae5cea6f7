/**
 * Templates in params: `{{nodeLabel.port}}`, `{{nodeLabel.port.nested.path}}`, `{{input}}` (what
 * arrives on the node's own Input handle) and `{{vars.NAME}}` (a variable, lib/variables). Pure: the
 * compiler reads the references to add dependencies, the worker fills them from upstream outputs. A
 * value that is exactly one placeholder keeps its type (an object stays an object); placeholders
 * inside text become text.
 */

/** The reference that means "this node's own Input handle", not another node. */
export const INPUT_REFERENCE = "input";
/** The reference that means a variable (`{{vars.NAME}}`), read when the run gets to the node, not another node. */
export const VARIABLES_REFERENCE = "vars";

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([^{}\s]+)\s*\}\}$/;

export type TemplateReference = { node: string; path: string[] };

function parseReference(expression: string): TemplateReference {
  const [node, ...path] = expression.split(".");
  return { node, path: path.filter((segment) => segment !== "") };
}

function collectStrings(value: unknown, into: string[]): string[] {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) value.forEach((item) => collectStrings(item, into));
  else if (value && typeof value === "object") Object.values(value).forEach((item) => collectStrings(item, into));
  return into;
}

/** Every placeholder in a value (a string, or any strings nested in arrays and objects). */
export function templateReferences(value: unknown): TemplateReference[] {
  return collectStrings(value, []).flatMap((text) =>
    [...text.matchAll(PLACEHOLDER)].map((match) => parseReference(match[1])),
  );
}

/** How a label is written in a template: `HTTP Request` → `http_request`, so `{{http_request.body}}` works too. */
export function referenceName(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** True when a template's node part names this node (its id, its label, or its label in referenceName form). */
export function referenceMatches(reference: string, node: { id: string; label: string }): boolean {
  return reference === node.id || reference === node.label || referenceName(reference) === referenceName(node.label);
}

function readPath(value: unknown, path: string[]): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || current === undefined) return undefined;
    if (typeof current === "string") {
      try {
        current = JSON.parse(current);
      } catch {
        return undefined;
      }
    }
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * A node's output seen from a template: `{{entry.output}}` names a port; when the node has one
 * port, `{{entry.ip}}` reads inside it and `{{entry}}` is its value.
 */
export type TemplateSource = { output: Record<string, unknown> | undefined; ports: string[] };

export function lookupReference(reference: TemplateReference, source: TemplateSource): unknown {
  const output = source.output ?? {};
  const [first, ...rest] = reference.path;
  if (first !== undefined && first in output) return readPath(output[first], rest);
  if (source.ports.length === 1) return readPath(output[source.ports[0]], reference.path);
  return readPath(output, reference.path);
}

const asText = (value: unknown) =>
  value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value);

/** Fills every placeholder in a value; `resolve` returns the value a reference stands for. */
export function renderTemplate(value: unknown, resolve: (reference: TemplateReference) => unknown): unknown {
  if (typeof value === "string") {
    const whole = value.match(WHOLE_PLACEHOLDER);
    if (whole) return resolve(parseReference(whole[1]));
    return value.replace(PLACEHOLDER, (_match, expression: string) => asText(resolve(parseReference(expression))));
  }
  if (Array.isArray(value)) return value.map((item) => renderTemplate(item, resolve));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, renderTemplate(inner, resolve)]));
  }
  return value;
}
