/**
 * Credentials verified in the last few seconds — API keys and session cookies — by the SHA-256 of the credential. A
 * script polling the API costs one key verification (a read and a write in better-auth) every few seconds instead of
 * one per request, and a page opening costs one session lookup (about 5 ms of CPU in better-auth and Prisma) for
 * itself and the requests it makes straight after, instead of one each. Many requests with one credential arriving
 * together share the verification under way. Signing out forgets that session here; revoking a key, changing a role
 * or removing a user forgets every credential here at once. Other web processes follow within CREDENTIAL_CACHE_MS.
 */
import { createHash } from "node:crypto";

export const CREDENTIAL_CACHE_MS = 5_000;
const MAX_CREDENTIALS = 1_000;

type Entry = { value: Promise<unknown>; until: number };
// On globalThis: Next bundles route handlers and server actions separately, and a revoke made in
// an action must reach the copy the routes read.
const holder = globalThis as unknown as { switchboardVerifiedCredentials?: Map<string, Entry> };
const verified = (holder.switchboardVerifiedCredentials ??= new Map());

const digest = (credential: string) => createHash("sha256").update(credential).digest("hex");

/**
 * What `verify` says of the credential, from the last few seconds or the verification under way; a credential found
 * invalid (null) or an error is not kept.
 */
export function verifyOnce<T>(credential: string, verify: () => Promise<T | null>): Promise<T | null> {
  const id = digest(credential);
  const entry = verified.get(id);
  if (entry && entry.until >= Date.now()) return entry.value as Promise<T | null>;
  if (verified.size >= MAX_CREDENTIALS) verified.delete(verified.keys().next().value!);
  const value = verify();
  const mine: Entry = { value, until: Date.now() + CREDENTIAL_CACHE_MS };
  verified.set(id, mine);
  const forget = () => verified.get(id) === mine && verified.delete(id);
  value.then((result) => result === null && forget(), forget);
  return value;
}

/** Forgets one credential (a session signed out), or every one (a key revoked, a role changed, a user removed). */
export function forgetVerified(credential?: string): void {
  if (credential === undefined) verified.clear();
  else verified.delete(digest(credential));
}
