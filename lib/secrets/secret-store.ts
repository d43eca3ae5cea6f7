/**
 * The secret store: named values in the `Secret` table, encrypted at rest (encryption.ts).
 * `readSecretValue` decrypts and is called only inside the worker (resolve.ts); everything the
 * web app answers with carries names and times, never values. Names a `{ $secret }` reference
 * cannot spell (`mcp-oauth/…/tokens`) are the app's own records, kept here to be encrypted the same
 * way: they are not listed, so no one picks them for a node.
 */
import { getDb } from "../db/client";
import { decryptSecret, encryptSecret } from "./encryption";
import { SECRET_NAME_PATTERN } from "./secret-ref";

export type SecretSummary = { name: string; allowedHosts: string[]; updatedAt: Date };

export const MAX_SECRET_VALUE_CHARS = 64 * 1024;

/** The decrypted value and the hosts it may be sent to (empty: anywhere). Worker only. */
export async function readSecret(name: string): Promise<{ value: string; allowedHosts: string[] } | undefined> {
  const row = await getDb().secret.findUnique({ where: { name } });
  return row ? { value: decryptSecret(row.name, row.encryptedValue), allowedHosts: row.allowedHosts } : undefined;
}

export async function readSecretValue(name: string): Promise<string | undefined> {
  return (await readSecret(name))?.value;
}

/** The secrets people named (the app's own records left out). */
export async function listSecrets(): Promise<SecretSummary[]> {
  const rows = await getDb().secret.findMany({
    orderBy: { name: "asc" },
    select: { name: true, allowedHosts: true, updatedAt: true },
  });
  return rows.filter((row) => SECRET_NAME_PATTERN.test(row.name));
}

/** What GET /api/secrets answers and the editor's secret pickers read: names, hosts and times as JSON, never values. */
type SecretListing = { secrets: { name: string; allowedHosts: string[]; updatedAt: string }[] };

export async function secretListing(): Promise<SecretListing> {
  const secrets = await listSecrets();
  return {
    secrets: secrets.map(({ name, allowedHosts, updatedAt }) => ({
      name,
      allowedHosts,
      updatedAt: updatedAt.toISOString(),
    })),
  };
}

/** Adds the secret, or replaces its value and the hosts it may be sent to. */
export async function putSecret(name: string, value: string, allowedHosts: string[] = []): Promise<SecretSummary> {
  const encryptedValue = encryptSecret(name, value);
  return getDb().secret.upsert({
    where: { name },
    create: { name, encryptedValue, allowedHosts },
    update: { encryptedValue, allowedHosts },
    select: { name: true, allowedHosts: true, updatedAt: true },
  });
}

/** True when there was such a secret. */
export async function deleteSecret(name: string): Promise<boolean> {
  const { count } = await getDb().secret.deleteMany({ where: { name } });
  return count > 0;
}
