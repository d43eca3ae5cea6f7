/** What the secrets API accepts (a secret name in the path, and `{ value }` to store under it) and its operations. */
import { z } from "zod";
import { apiError, IsoTime, jsonBody, jsonResponse, noContent, type ApiOperation } from "@/lib/http/openapi/operation";
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

const SecretParams = z.object({ name: z.string().meta({ description: "The secret's name (letters, digits, _)" }) });
const SecretInfo = z.object({
  name: z.string(),
  allowedHosts: z.array(z.string()),
  updatedAt: IsoTime,
});

const tag = "Secrets";
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/secrets",
    tag,
    summary: "List secrets (names, allowed hosts and times, never values)",
    access: "editor",
    responses: { 200: jsonResponse("The secrets", z.object({ secrets: z.array(SecretInfo) })) },
  },
  {
    method: "put",
    path: "/api/secrets/{name}",
    tag,
    summary: "Add or replace a secret",
    access: "admin",
    request: { params: SecretParams, body: jsonBody(PutSecretBody) },
    responses: { 200: jsonResponse("Stored (the answer never carries the value)", SecretInfo) },
  },
  {
    method: "delete",
    path: "/api/secrets/{name}",
    tag,
    summary: "Delete a secret",
    access: "admin",
    request: { params: SecretParams },
    responses: { 204: noContent("Deleted"), 404: apiError("No such secret") },
  },
];
