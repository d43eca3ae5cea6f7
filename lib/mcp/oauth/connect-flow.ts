/**
 * The editor's Connect for an HTTP MCP server that signs in with OAuth 2.1, through the SDK's
 * `auth()`: `startOAuthConnect` begins the authorization (registering the client when there is no
 * client id) and answers with the address to open in the browser; `finishOAuthConnect` is the
 * callback's work: the state must match the sign-in this same person started, not long ago, and
 * is good once; then the SDK exchanges the code and the tokens are stored. Every request goes
 * through the address policy; nothing secret goes back to the browser.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import type { Principal } from "../../auth/principal";
import { redactSecrets } from "../../secrets/resolve";
import type { McpOAuthSettings } from "../config";
import { serverParams } from "../server-params";
import { ConnectOAuthProvider, type OAuthServer } from "./client-provider";
import { authorizationServerFetch } from "./client-secret-guard";
import { oauthCallbackUrl, oauthConnectionKey } from "./connection-key";
import { deleteOAuthRecords, readOAuthRecord, writeOAuthRecord, type PendingConnect } from "./credential-store";

const PENDING_MS = 10 * 60_000;

/** An HTTP server as the node describes it (secret references unresolved). */
export type OAuthTarget = { url: string; oauth: McpOAuthSettings };

export type ConnectResult = { ok: true; origin: string } | { ok: false; error: string };

/** The target's settings resolved (secrets, connection key) and its URL checked against the address policy. */
async function resolveTarget(target: OAuthTarget): Promise<OAuthServer> {
  const params = await serverParams({
    transport: "http",
    url: target.url,
    headers: {},
    protocol: "auto",
    oauth: target.oauth,
  });
  if (params.transport !== "http" || !params.oauth) throw new Error(`${target.url} has no OAuth settings`);
  return params.oauth;
}

function authOptions(server: OAuthServer) {
  return { serverUrl: server.url, scope: server.scope, fetchFn: authorizationServerFetch(server.secrets) };
}

const failure = (error: unknown, server?: OAuthServer): { ok: false; error: string } => ({
  ok: false,
  error: redactSecrets((error as Error).message, server?.clientSecret ? [server.clientSecret] : []),
});

/** Answers with the authorization address for the browser; `appOrigin` is where that browser reaches this app. */
export async function startOAuthConnect(
  target: OAuthTarget,
  who: Principal,
  appOrigin: string,
): Promise<{ ok: true; authorizationUrl: string } | { ok: false; error: string }> {
  let server: OAuthServer | undefined;
  try {
    server = await resolveTarget(target);
    const pending: PendingConnect = {
      // The key leads the callback to this record; the random part is what proves the callback belongs to it.
      state: `${server.key}.${randomBytes(24).toString("base64url")}`,
      userId: who.userId,
      connectedBy: who.email,
      startedAt: new Date().toISOString(),
      redirectUrl: oauthCallbackUrl(appOrigin),
      server: target,
    };
    const provider = new ConnectOAuthProvider(server, pending);
    const result = await auth(provider, authOptions(server));
    if (result !== "REDIRECT" || !provider.authorizationUrl)
      throw new Error(`${new URL(target.url).origin} did not ask for a sign-in`);
    return { ok: true, authorizationUrl: provider.authorizationUrl.href };
  } catch (error) {
    const reached = URL.canParse(target.url) ? new URL(target.url).origin : target.url;
    const said = failure(error, server);
    return {
      ok: false,
      error: said.error.startsWith(reached) ? said.error : `Could not start the sign-in with ${reached}: ${said.error}`,
    };
  }
}

function sameState(expected: string, given: string): boolean {
  const [a, b] = [Buffer.from(expected), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The callback's query (`code`, `state`, or `error`), for the person calling it. */
export async function finishOAuthConnect(query: URLSearchParams, who: Principal): Promise<ConnectResult> {
  const state = query.get("state") ?? "";
  const key = state.split(".")[0];
  const pending = /^[0-9a-f]{24}$/.test(key) ? await readOAuthRecord(key, "pending") : undefined;
  if (!pending || !sameState(pending.state, state) || !pending.codeVerifier)
    return { ok: false, error: "This sign-in is unknown or already used: press Connect again" };
  if (pending.userId !== who.userId)
    return { ok: false, error: "This sign-in was started by someone else: press Connect yourself" };
  // Good once: whatever happens next, this state cannot be used again.
  const spent: PendingConnect = { ...pending, codeVerifier: undefined };
  const refuse = async (error: string): Promise<ConnectResult> => {
    await writeOAuthRecord(key, "pending", { ...spent, error });
    return { ok: false, error };
  };
  if (Date.now() - Date.parse(pending.startedAt) > PENDING_MS)
    return refuse("This sign-in took more than 10 minutes: press Connect again");
  const refused = query.get("error");
  if (refused) {
    const description = query.get("error_description");
    return refuse(`The authorization server answered "${refused}"${description ? `: ${description}` : ""}`);
  }
  const code = query.get("code");
  if (!code) return refuse("The authorization server sent no code back");

  let server: OAuthServer | undefined;
  try {
    server = await resolveTarget(pending.server);
    await writeOAuthRecord(key, "pending", spent);
    const result = await auth(new ConnectOAuthProvider(server, pending), {
      ...authOptions(server),
      authorizationCode: code,
    });
    if (result !== "AUTHORIZED") throw new Error("The authorization server did not issue tokens");
  } catch (error) {
    return refuse(failure(error, server).error);
  }
  await deleteOAuthRecords(key, "pending");
  return { ok: true, origin: new URL(pending.server.url).origin };
}

/** Forgets the connection: its tokens, its client registration and any sign-in under way. */
export async function disconnectOAuth(target: OAuthTarget): Promise<void> {
  await deleteOAuthRecords(oauthConnectionKey(target.url, target.oauth), "tokens", "client", "pending");
}
