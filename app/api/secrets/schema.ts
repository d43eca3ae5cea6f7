/** What the secrets API accepts: a secret name in the path, and `{ value }` to store under it. */
import { z } from "zod";
import { SecretName } from "@/lib/secrets/reference";
import { MAX_SECRET_VALUE_CHARS } from "@/lib/secrets/secret-store";

export { SecretName };

/** A host name, or `*.example.com` for its subdomains. */
export const AllowedHost = z
  .string({ error: "must be a host name" })
  .trim()
  .toLowerCase()
  .regex(
    /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
    "must be a host name such as api.example.com or *.example.com",
  );

export const PutSecretBody = z.object({
  value: z
    .string({ error: "must be a string" })
    .min(1, "must not be empty")
    .max(MAX_SECRET_VALUE_CHARS, `must be at most ${MAX_SECRET_VALUE_CHARS} characters`),
  /** Hosts the secret may be sent to; absent or empty: anywhere. */
  allowedHosts: z.array(AllowedHost).max(50, "at most 50 hosts").default([]),
});
export type PutSecretBody = z.infer<typeof PutSecretBody>;
