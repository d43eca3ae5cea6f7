/**
 * A secret reference: how params name a secret without holding its value. It may sit anywhere
 * in a node's params (a whole param, a header value, an env entry) as `{ "$secret": "NAME" }`.
 * The browser, the saved graph and run events only ever carry the reference; the worker swaps
 * in the value right before a component executes.
 */
import { z } from "zod";

export const SECRET_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const SecretName = z
  .string()
  .regex(SECRET_NAME_PATTERN, "a secret name uses letters, digits and _, and does not start with a digit");

export const SecretRef = z.object({ $secret: SecretName }).strict();
export type SecretRef = z.infer<typeof SecretRef>;

export const secretRef = (name: string): SecretRef => ({ $secret: name });

export function isSecretRef(value: unknown): value is SecretRef {
  // The cheap test first: params are walked value by value, and almost none are references.
  return typeof value === "object" && value !== null && "$secret" in value && SecretRef.safeParse(value).success;
}
