/**
 * Which stored OAuth connection an HTTP MCP server uses: one per server URL, client id and scope,
 * shared by every node and workflow naming the same three, so a server is connected once. Its
 * records sit in the secret store under names no `{ $secret }` reference can spell, so no node can
 * send them anywhere; the callback address is where the authorization server sends the browser back.
 */
import { createHash } from "node:crypto";
import type { McpOAuthSettings } from "../config";

export const OAUTH_CALLBACK_PATH = "/api/mcp/oauth/callback";

export type OAuthRecordName = "tokens" | "client" | "pending";

/** A client id given as a secret counts by the secret's name: the key never depends on a secret's value. */
export function oauthConnectionKey(url: string, oauth: McpOAuthSettings): string {
  const clientId =
    oauth.clientId === undefined
      ? ""
      : typeof oauth.clientId === "string"
        ? `text:${oauth.clientId}`
        : `secret:${oauth.clientId.$secret}`;
  return createHash("sha256")
    .update(JSON.stringify([new URL(url).href, clientId, oauth.scope ?? ""]))
    .digest("hex")
    .slice(0, 24);
}

export const oauthSecretName = (key: string, record: OAuthRecordName): string => `mcp-oauth/${key}/${record}`;

export const oauthCallbackUrl = (appOrigin: string): string => `${appOrigin.replace(/\/$/, "")}${OAUTH_CALLBACK_PATH}`;
