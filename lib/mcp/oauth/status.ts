/**
 * What the inspector shows of an OAuth connection: connected by whom, when the access token runs
 * out and whether it can be renewed, or that it is not connected (and why the last sign-in failed).
 * Read from the stored records; never a token, a client secret or a verifier.
 */
import { oauthConnectionKey } from "./connection-key";
import type { OAuthTarget } from "./connect-flow";
import { readOAuthRecord, tokensExpireAt } from "./credential-store";

export type OAuthConnectionStatus =
  | {
      connected: true;
      connectedBy: string;
      updatedAt: string;
      expiresAt?: string;
      refreshable: boolean;
      scope?: string;
    }
  | { connected: false; lastError?: string };

export async function oauthConnectionStatus(target: OAuthTarget): Promise<OAuthConnectionStatus> {
  const key = oauthConnectionKey(target.url, target.oauth);
  const stored = await readOAuthRecord(key, "tokens");
  if (!stored) return { connected: false, ...(await lastError(key)) };
  const expiresAt = tokensExpireAt(stored);
  return {
    connected: true,
    connectedBy: stored.connectedBy,
    updatedAt: stored.savedAt,
    ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
    refreshable: Boolean(stored.tokens.refresh_token),
    ...(stored.tokens.scope ? { scope: stored.tokens.scope } : {}),
  };
}

async function lastError(key: string): Promise<{ lastError?: string }> {
  const pending = await readOAuthRecord(key, "pending");
  return pending?.error ? { lastError: pending.error } : {};
}
