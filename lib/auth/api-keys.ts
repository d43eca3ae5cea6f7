/** API keys for scripts and the HTTP API, made by better-auth's api-key plugin (only a hash is stored; the key is shown once). */
import "server-only";
import { getDb } from "../db/client";
import { getAuth } from "./auth";
import { forgetVerifiedKeys } from "./verified-keys";

export type ApiKeySummary = { id: string; name: string; start: string | null; createdAt: Date; lastRequest: Date | null };

/** The new key's full text: shown to its owner once, never stored. */
export async function createApiKey(userId: string, name: string): Promise<{ id: string; key: string }> {
  const created = await getAuth().api.createApiKey({ body: { userId, name: name.trim() } });
  return { id: created.id, key: created.key };
}

export async function listApiKeys(userId: string): Promise<ApiKeySummary[]> {
  const keys = await getDb().apikey.findMany({
    where: { referenceId: userId },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, start: true, createdAt: true, lastRequest: true },
  });
  return keys.map((key) => ({ ...key, name: key.name ?? "(unnamed)" }));
}

/** Revokes one of the user's keys at once; false when the user has no such key. */
export async function revokeApiKey(userId: string, keyId: string): Promise<boolean> {
  const { count } = await getDb().apikey.deleteMany({ where: { id: keyId, referenceId: userId } });
  forgetVerifiedKeys();
  return count > 0;
}
