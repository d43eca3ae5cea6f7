/**
 * Swaps secret references (`{ $secret: NAME }`) for their values, anywhere in a params value.
 * Runs only in the worker, right before a component executes or an MCP server starts; what it
 * returns must never be recorded in events or logs (see `redactSecrets`).
 */
import type { OutboundSecret } from "../net/guarded-fetch";
import { isSecretRef } from "./reference";
import { readSecret } from "./secret-store";

export class MissingSecretError extends Error {
  constructor(readonly secretName: string) {
    super(`Secret "${secretName}" is not set: add it on the Secrets page`);
  }
}

export type ResolvedSecrets<T> = { value: T; secretValues: string[]; secrets: OutboundSecret[] };

/** The names of the secrets a value refers to, in the order they appear. */
function referencedNames(node: unknown, names: Set<string>): Set<string> {
  if (isSecretRef(node)) names.add(node.$secret);
  else if (Array.isArray(node)) for (const inner of node) referencedNames(inner, names);
  else if (node && typeof node === "object") for (const inner of Object.values(node)) referencedNames(inner, names);
  return names;
}

/** A copy of the value with each reference swapped for its secret's value (a copy, so nobody changes a plan's params through it). */
function swapped(node: unknown, values: Map<string, string>): unknown {
  if (isSecretRef(node)) return values.get(node.$secret);
  if (Array.isArray(node)) return node.map((inner) => swapped(inner, values));
  if (node && typeof node === "object") return Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, swapped(inner, values)]));
  return node;
}

/** Returns the value with every reference replaced, the secret values used (for redaction) and where each may be sent. */
export async function resolveSecrets<T>(value: T): Promise<ResolvedSecrets<T>> {
  const names = [...referencedNames(value, new Set())];
  const found = await Promise.all(names.map(readSecret));
  const missing = names.find((_, index) => found[index] === undefined);
  if (missing !== undefined) throw new MissingSecretError(missing);
  const secrets: OutboundSecret[] = names.map((name, index) => ({ name, ...found[index]! }));
  const values = new Map(secrets.map((secret) => [secret.name, secret.value]));
  return { value: swapped(value, values) as T, secretValues: secrets.map((secret) => secret.value), secrets };
}

/**
 * The spellings a secret can come back in: as is, base64 (standard and URL-safe, with and without
 * padding), URL-encoded and hex. Short values only as is: their encodings would match by chance.
 */
export function secretForms(secret: string): string[] {
  if (secret.length < 8) return [secret];
  const bytes = Buffer.from(secret, "utf8");
  const base64 = bytes.toString("base64");
  const forms = [secret, base64, base64.replace(/=+$/, ""), bytes.toString("base64url"), encodeURIComponent(secret), new URLSearchParams({ v: secret }).toString().slice(2), bytes.toString("hex")];
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

const spellings = (secretValues: readonly string[]) => [...new Set(secretValues.filter((secret) => secret.length > 0).flatMap(secretForms))].sort((a, b) => b.length - a.length);
const replaceAll = (text: string, forms: string[]) => forms.reduce((redacted, form) => redacted.split(form).join("[secret]"), text);

/** Replaces every occurrence of the given secret values, in any of their spellings, in a text with "[secret]". */
export function redactSecrets(text: string, secretValues: readonly string[]): string {
  return replaceAll(text, spellings(secretValues));
}

/** `redactSecrets` applied to every string inside a value (object keys included), keeping its shape. */
export function redactValue<T>(value: T, secretValues: readonly string[]): T {
  if (secretValues.length === 0) return value;
  const forms = spellings(secretValues);
  function walk(node: unknown): unknown {
    if (typeof node === "string") return replaceAll(node, forms);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === "object" && Object.getPrototypeOf(node) === Object.prototype) {
      return Object.fromEntries(Object.entries(node).map(([key, inner]) => [replaceAll(key, forms), walk(inner)]));
    }
    return node;
  }
  return walk(value) as T;
}
