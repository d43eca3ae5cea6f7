/**
 * API keys verified in the last few seconds, by the SHA-256 of the key: a script polling the API
 * costs one verification (a read and a write in better-auth) per key every few seconds instead of
 * one per request. Revoking a key, changing a role or removing a user forgets them all here at
 * once; other web processes follow within KEY_CACHE_MS.
 */
import { createHash } from "node:crypto";

export const KEY_CACHE_MS = 5_000;
const MAX_KEYS = 1_000;

type Entry<T> = { value: T; until: number };
// On globalThis: Next bundles route handlers and server actions separately, and a revoke made in
// an action must reach the copy the routes read.
const holder = globalThis as unknown as { switchboardVerifiedKeys?: Map<string, Entry<unknown>> };
const verified = (holder.switchboardVerifiedKeys ??= new Map());

const digest = (key: string) => createHash("sha256").update(key).digest("hex");

export function recallVerifiedKey<T>(key: string): T | undefined {
  const entry = verified.get(digest(key));
  if (!entry || entry.until < Date.now()) return undefined;
  return entry.value as T;
}

export function rememberVerifiedKey<T>(key: string, value: T): void {
  if (verified.size >= MAX_KEYS) verified.delete(verified.keys().next().value!);
  verified.set(digest(key), { value, until: Date.now() + KEY_CACHE_MS });
}

export function forgetVerifiedKeys(): void {
  verified.clear();
}
