/**
 * Swaps secret references (`{ $secret: NAME }`) for their values, anywhere in a params value.
 * Runs only in the worker, right before a component executes or an MCP server starts; what it
 * returns must never be recorded in events or logs (see redact.ts).
 */
import type { OutboundSecret } from "./secret-destination";
import { isSecretRef } from "./secret-ref";
import { readSecret } from "./secret-store";

export class MissingSecretError extends Error {
  constructor(readonly secretName: string) {
    super(`Secret "${secretName}" is not set: add it on the Secrets page`);
  }
}

export type ResolvedSecrets<T> = { value: T; secretValues: string[]; secrets: OutboundSecret[] };

/** The names of the secrets a value refers to, in the order they appear. */
export function referencedNames(node: unknown, names: Set<string>): Set<string> {
  if (isSecretRef(node)) names.add(node.$secret);
  else if (Array.isArray(node)) for (const inner of node) referencedNames(inner, names);
  else if (node && typeof node === "object") for (const inner of Object.values(node)) referencedNames(inner, names);
  return names;
}

/**
 * A copy of the value with each reference swapped for its secret's value (a copy, so nobody changes a plan's params
 * through it).
 */
function swapped(node: unknown, values: Map<string, string>): unknown {
  if (isSecretRef(node)) return values.get(node.$secret);
  if (Array.isArray(node)) return node.map((inner) => swapped(inner, values));
  if (node && typeof node === "object")
    return Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, swapped(inner, values)]));
  return node;
}

/** The named secrets with their values and allowed hosts; MissingSecretError names the first that is not set. */
export async function readNamedSecrets(names: readonly string[]): Promise<OutboundSecret[]> {
  const found = await Promise.all(names.map(readSecret));
  const missing = names.find((_, index) => found[index] === undefined);
  if (missing !== undefined) throw new MissingSecretError(missing);
  return names.map((name, index) => ({ name, ...found[index]! }));
}

/**
 * Returns the value with every reference replaced, the secret values used (for redaction) and where each may be sent.
 */
export async function resolveSecrets<T>(value: T): Promise<ResolvedSecrets<T>> {
  const names = [...referencedNames(value, new Set())];
  if (names.length === 0) return { value: swapped(value, new Map()) as T, secretValues: [], secrets: [] };
  const secrets = await readNamedSecrets(names);
  const values = new Map(secrets.map((secret) => [secret.name, secret.value]));
  return { value: swapped(value, values) as T, secretValues: secrets.map((secret) => secret.value), secrets };
}

export { redactSecrets, redactValue, secretForms } from "./redact";
