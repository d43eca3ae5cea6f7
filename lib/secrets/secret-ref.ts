/**
 * A secret reference: how params name a secret without holding its value. It may sit anywhere
 * in a node's params (a whole param, a header value, an env entry) as `{ "$secret": "NAME" }`.
 * The browser, the saved graph and run events only ever carry the reference; the worker swaps
 * in the value right before a component executes. Free of zod, so the editor's bundle and the
 * worker's walk over every param value stay cheap; reference.ts holds the schemas built on it.
 */

export const SECRET_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

export type SecretRef = { $secret: string };

export const secretRef = (name: string): SecretRef => ({ $secret: name });

/** Exactly `{ "$secret": NAME }` with a valid NAME, as reference.ts's strict schema accepts. */
export function isSecretRef(value: unknown): value is SecretRef {
  // The cheap test first: params are walked value by value, and almost none are references.
  if (typeof value !== "object" || value === null || !Object.hasOwn(value, "$secret") || Array.isArray(value))
    return false;
  const name = (value as SecretRef).$secret;
  return typeof name === "string" && SECRET_NAME_PATTERN.test(name) && Object.keys(value).length === 1;
}
