/**
 * Swaps secret references (`{ $secret: NAME }`) for their values, anywhere in a params value.
 * Runs only in the worker, right before a component executes or an MCP server starts; what it
 * returns must never be recorded in events or logs (see `redactSecrets`).
 */
import { isSecretRef } from "./reference";
import { readSecretValue } from "./secret-store";

export class MissingSecretError extends Error {
  constructor(readonly secretName: string) {
    super(`Secret "${secretName}" is not set: add it on the Secrets page`);
  }
}

export type ResolvedSecrets<T> = { value: T; secretValues: string[] };

/** Returns the value with every reference replaced, and the secret values used (for redaction). */
export async function resolveSecrets<T>(value: T): Promise<ResolvedSecrets<T>> {
  const secretValues: string[] = [];
  async function walk(node: unknown): Promise<unknown> {
    if (isSecretRef(node)) {
      const secret = await readSecretValue(node.$secret);
      if (secret === undefined) throw new MissingSecretError(node.$secret);
      secretValues.push(secret);
      return secret;
    }
    if (Array.isArray(node)) return Promise.all(node.map(walk));
    if (node && typeof node === "object") {
      const entries = await Promise.all(Object.entries(node).map(async ([key, inner]) => [key, await walk(inner)] as const));
      return Object.fromEntries(entries);
    }
    return node;
  }
  return { value: (await walk(value)) as T, secretValues };
}

/** Replaces every occurrence of the given secret values in a text with "[secret]". */
export function redactSecrets(text: string, secretValues: readonly string[]): string {
  return secretValues.filter((secret) => secret.length > 0).reduce((redacted, secret) => redacted.split(secret).join("[secret]"), text);
}

/** `redactSecrets` applied to every string inside a value (object keys included), keeping its shape. */
export function redactValue<T>(value: T, secretValues: readonly string[]): T {
  if (secretValues.length === 0) return value;
  function walk(node: unknown): unknown {
    if (typeof node === "string") return redactSecrets(node, secretValues);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === "object" && Object.getPrototypeOf(node) === Object.prototype) {
      return Object.fromEntries(Object.entries(node).map(([key, inner]) => [redactSecrets(key, secretValues), walk(inner)]));
    }
    return node;
  }
  return walk(value) as T;
}
