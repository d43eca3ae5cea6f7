/**
 * The secret reference's schemas (`{ "$secret": NAME }`, secret-ref.ts), for the params and settings that accept one.
 */
import { z } from "zod";
import { SECRET_NAME_PATTERN } from "./secret-ref";

export const SecretName = z
  .string()
  .regex(SECRET_NAME_PATTERN, "a secret name uses letters, digits and _, and does not start with a digit");

export const SecretRef = z.object({ $secret: SecretName }).strict();
export type SecretRef = z.infer<typeof SecretRef>;
