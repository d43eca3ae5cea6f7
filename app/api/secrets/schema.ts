/** What the secrets API accepts: a secret name in the path, and `{ value }` to store under it. */
import { z } from "zod";
import { SecretName } from "@/lib/secrets/reference";
import { MAX_SECRET_VALUE_CHARS } from "@/lib/secrets/secret-store";

export { SecretName };

export const PutSecretBody = z.object({
  value: z
    .string({ error: "must be a string" })
    .min(1, "must not be empty")
    .max(MAX_SECRET_VALUE_CHARS, `must be at most ${MAX_SECRET_VALUE_CHARS} characters`),
});
export type PutSecretBody = z.infer<typeof PutSecretBody>;
