/**
 * An OAuth connection's records, encrypted in the secret store like every secret: the client the
 * authorization server registered, the tokens (with when they were saved and who connected), and,
 * while a Connect is under way, its state and PKCE verifier. Only the providers (client-provider.ts)
 * and the inspector's status (status.ts, which answers without values) read them.
 */
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { deleteSecret, putSecret, readSecretValue } from "../../secrets/secret-store";
import type { McpOAuthSettings } from "../config";
import { oauthSecretName, type OAuthRecordName } from "./connection-key";

export type StoredTokens = { tokens: OAuthTokens; savedAt: string; connectedBy: string };

export type StoredClient = { information: OAuthClientInformationMixed };

/** A Connect between its start and the callback; `error` is what the last callback said went wrong. */
export type PendingConnect = {
  state: string;
  codeVerifier?: string;
  userId: string;
  connectedBy: string;
  startedAt: string;
  redirectUrl: string;
  server: { url: string; oauth: McpOAuthSettings };
  error?: string;
};

type Records = { tokens: StoredTokens; client: StoredClient; pending: PendingConnect };

export async function readOAuthRecord<R extends OAuthRecordName>(
  key: string,
  record: R,
): Promise<Records[R] | undefined> {
  const text = await readSecretValue(oauthSecretName(key, record));
  return text === undefined ? undefined : (JSON.parse(text) as Records[R]);
}

export async function writeOAuthRecord<R extends OAuthRecordName>(
  key: string,
  record: R,
  value: Records[R],
): Promise<void> {
  await putSecret(oauthSecretName(key, record), JSON.stringify(value));
}

export async function deleteOAuthRecords(key: string, ...records: OAuthRecordName[]): Promise<void> {
  await Promise.all(records.map((record) => deleteSecret(oauthSecretName(key, record))));
}

/** When the access token runs out, if the server said. */
export function tokensExpireAt(stored: StoredTokens): Date | undefined {
  const seconds = stored.tokens.expires_in;
  return seconds === undefined ? undefined : new Date(Date.parse(stored.savedAt) + seconds * 1000);
}
