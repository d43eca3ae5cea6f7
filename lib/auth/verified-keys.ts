/**
 * API keys verified in the last few seconds, by the SHA-256 of the key: a script polling the API
 * costs one verification (a read and a write in better-auth) per key every few seconds instead of
 * one per request — and one in all when many requests with the same key arrive together (they
 * share the verification under way). Revoking a key, changing a role or removing a user forgets
 * them all here at once; other web processes follow within KEY_CACHE_MS.
 */
import { createHash } from "node:crypto";

export const KEY_CACHE_MS = 5_000;
const MAX_KEYS = 1_000;

type Entry = { value: Promise<unknown>; until: number };
// On globalThis: Next bundles route handlers and server actions separately, and a revoke made in
// an action must reach the copy the routes read.
const holder = globalThis as unknown as { switchboardVerifiedKeys?: Map<string, Entry> };
const verified = (holder.switchboardVerifiedKeys ??= new Map());

const digest = (key: string) => createHash("sha256").update(key).digest("hex");

/**
 * What `verify` says of the key, from the last few seconds or the verification under way; a key found invalid (null) or
 * an error is not kept.
 */
export function verifyKeyOnce<T>(key: string, verify: () => Promise<T | null>): Promise<T | null> {
  const id = digest(key);
  const entry = verified.get(id);
  if (entry && entry.until >= Date.now()) return entry.value as Promise<T | null>;
  if (verified.size >= MAX_KEYS) verified.delete(verified.keys().next().value!);
  const value = verify();
  const mine: Entry = { value, until: Date.now() + KEY_CACHE_MS };
  verified.set(id, mine);
  const forget = () => verified.get(id) === mine && verified.delete(id);
  value.then((result) => result === null && forget(), forget);
  return value;
}

export function forgetVerifiedKeys(): void {
  verified.clear();
}
